import type { CentralityMeasure } from "../planning/centrality-measure";
import { planRanking } from "../planning/plan-ranking";
import { rankingDirection } from "../reading/link-direction";
import { englishMeasureNames } from "../reading/phrases-en";
import { chineseMeasureNames } from "../reading/phrases-zh";
import { communityAlgorithmOf, degreeMode } from "../reading/question-arguments";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import type { CommunitiesIntent } from "./communities";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "Who are the most influential people?": nodes ranked by a centrality measure. */
export type CentralityIntent = {
  kind: "centrality";
  measure: CentralityMeasure;
  topK: number;
  /** Degree only: edges arriving, leaving or both. */
  mode?: "all" | "in" | "out";
  /** "Which … has the fewest …": the lowest first. */
  ascending?: boolean;
  /** Degree only: rank by the sum of edge weights (weighted degree). */
  strength?: boolean;
};

/**
 * "Which airport sits on the most shortest paths (betweenness)?": a named measure beside path
 * words is a ranking, not a path. The k-shortest family reads it first, since it must win over
 * every path family.
 */
export function readMeasureBesidePathWords(question: QuestionText): CentralityIntent[] | null {
  const { text, measure, nodeMentions, yesNo } = question;
  if (!measure || nodeMentions.length >= 2 || yesNo) return null;
  if (!questionWords.kShortest.test(text) && !questionWords.path.test(text)) return null;
  return [
    {
      kind: "centrality",
      measure,
      topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
      mode: degreeMode(text),
      ascending: questionWords.ascending.test(text),
    },
  ];
}

/** The measure a ranking question implies when it names none: degree for links, else PageRank. */
function impliedMeasure(text: string): CentralityMeasure {
  const linkWords =
    /\bdegree\b|connect|\blinks\b|\bfriends\b|neighbou?rs|\bedges\b|\bties\b|\battached\b|\bincident\b|strength|度|连接|强度/i;
  return questionWords.mostPartners.test(text) || linkWords.test(text) ? "degree" : "pagerank";
}

function readCentrality(question: QuestionText): (CentralityIntent | CommunitiesIntent)[] | null {
  const { text, measure } = question;
  if (!question.centralityAsked) return null;
  const weighted = questionWords.strength.test(text) || questionWords.weightQuantity.test(text);
  return [
    {
      kind: "centrality",
      measure: measure ?? impliedMeasure(text),
      topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
      mode: rankingDirection(text),
      ascending: questionWords.ascending.test(text),
      ...(weighted ? { strength: true } : {}),
    },
    // "The most central customers and their communities": both, answered in that order.
    ...(question.communitiesAsked
      ? [{ kind: "communities" as const, algorithm: communityAlgorithmOf(text) }]
      : []),
  ];
}

export const centralityFamily = defineFamily<
  CentralityIntent,
  CentralityIntent | CommunitiesIntent
>({
  kind: "centrality",
  read: readCentrality,
  plan: (context, intent) => planRanking({ context, ...intent }),
  title: {
    en: (intent) => `Top nodes by ${englishMeasureNames[intent.measure]}`,
    zh: (intent) => `${chineseMeasureNames[intent.measure]}最高的节点`,
  },
});
