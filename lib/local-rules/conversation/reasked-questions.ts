import type { CentralityMeasure } from "../reading/detect-intent";
import { endpointMentions, nodeMentions } from "../reading/node-mentions";
import { englishMeasureNames } from "../reading/phrases-en";
import { chineseMeasureNames } from "../reading/phrases-zh";
import { detectLanguage } from "../writing/answer-language";
import { explicitMeasure, implicitMeasure } from "./follow-up-words";
import { measureOfTurn, type ResolvedTurn } from "./resolved-turn";

// The previous question asked again with one thing changed (a measure, a node, more rows): the
// follow-up is then read as a question of its own.

function measureName(measure: CentralityMeasure, chinese: boolean): string {
  if (measure === "degree") return chinese ? "度数" : "degree";
  return chinese ? chineseMeasureNames[measure] : englishMeasureNames[measure];
}

/** Asks the previous question again, by another measure. */
export function withMeasure(turn: ResolvedTurn, measure: CentralityMeasure): string | null {
  const chinese = detectLanguage(turn.request) === "zh";
  const name = measureName(measure, chinese);
  if (explicitMeasure.test(turn.request)) return turn.request.replace(explicitMeasure, name);
  if (implicitMeasure.test(turn.request)) {
    return turn.request.replace(implicitMeasure, chinese ? `${name}最高` : `the highest ${name}`);
  }
  return null;
}

/** "What is the PageRank of n0?" / "n0 的度数是多少？": one node's value of a measure. */
export function valueQuestion(node: string, measure: CentralityMeasure, chinese: boolean): string {
  return chinese
    ? `${node} 的${measureName(measure, true)}是多少？`
    : `What is the ${measureName(measure, false)} of ${node}?`;
}

/**
 * The previous question asked of another node: the node takes the place of the one the question
 * named — its source or its target when the follow-up says "from X" / "to X" (从 / 到) — or,
 * after a ranking, the question is that node's value of the ranking's measure.
 */
export function aboutNode(turn: ResolvedTurn, node: string, followUp = ""): string | null {
  const ends = endpointMentions(turn.request);
  const toTarget = /\b(?:to|into|towards)\s*$|到\s*$/i.test(
    followUp.slice(0, Math.max(0, followUp.indexOf(node))),
  );
  const replaced =
    toTarget && ends.target ? ends.target : (ends.source ?? nodeMentions(turn.request)[0]);
  if (replaced) return turn.request.replace(replaced, node);
  const measure = measureOfTurn(turn);
  return measure ? valueQuestion(node, measure, detectLanguage(turn.request) === "zh") : null;
}

/** The previous ranking asked for more rows. */
export function withMore(request: string): string {
  const top = /\b(top|first)\s+(\d+)\b|前\s*(\d+)/i.exec(request);
  if (!top) {
    return /[\u4e00-\u9fff]/.test(request)
      ? `${request.replace(/[?？]\s*$/, "")}（前20个）？`
      : `${request.replace(/[?？.]\s*$/, "")} (top 20)?`;
  }
  const count = Number(top[2] ?? top[3]);
  return request.replace(top[0], top[3] ? `前${count * 2}` : `${top[1]} ${count * 2}`);
}

/** "它呢？" after a ranking: the latest question about one node, asked of the ranking's answer. */
export function aboutFocus(previous: ResolvedTurn, node: string): string | null {
  const rankedOnly = previous.ranking !== null && nodeMentions(previous.request).length === 0;
  if (rankedOnly && previous.nodeQuestion) {
    return aboutNode({ ...previous, request: previous.nodeQuestion }, node);
  }
  return aboutNode(previous, node);
}
