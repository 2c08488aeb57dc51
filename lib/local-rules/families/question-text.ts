import type { CentralityMeasure } from "../planning/centrality-measure";
import { withoutIgnoredDirection } from "../reading/ignored-direction";
import { endpointMentions, nodeMentions, subjectMention } from "../reading/node-mentions";
import { measureOf } from "../reading/question-arguments";
import { correctTypos } from "../reading/question-typos";
import { questionWords } from "../reading/question-words";

/**
 * A question as the families read it: the text with its typos corrected, and the facts several
 * families test, worked out once.
 */
export type QuestionText = {
  /** The question with known typos corrected: every family reads this. */
  text: string;
  /** "Is …", "Does …", "…吗": a yes/no question. */
  yesNo: boolean;
  /** The node names the question mentions, in order (candidates search_node confirms). */
  nodeMentions: string[];
  /** The first node the question is about. */
  subject: string | null;
  /** The two ends of a two-node question, source first. */
  endpoints: { source: string | null; target: string | null };
  /** Both ends are named. */
  twoNodes: boolean;
  /** The centrality measure the question names. */
  measure: CentralityMeasure | null;
  /** It asks for a ranking by centrality or degree ("the most influential", "highest degree"). */
  centralityAsked: boolean;
  /** It asks for communities (or for the nodes bridging groups). */
  communitiesAsked: boolean;
  /** It asks about pairs of nodes that go together ("bought together", "which two"). */
  pairsAsked: boolean;
};

const centralityWords =
  /central|influential|important|\bkey (?:nodes|players|people|members|customers|users|accounts|entities)|\bhubs?\b|most connected|best connected|most (?:connections|links|friends|neighbou?rs|edges|ties)|\b(?:most|fewest) \w+ (?:attached|incident|linked to (?:it|them))\b|highest degree|中心性|中心度|重要|核心节点|关键节点|关键(?:客户|用户|人物)|影响力|连接最多|(?:朋友|好友|邻居|关系|联系|粉丝)最多|最多的(?:朋友|好友|邻居|连接)|度数?最(?:高|大)|最(?:高|大)的度/i;

const pairWords =
  /\btogether\b|\bco[\s-]?\w+\s+(?:the most|most often|most|with each other)\b|\bpairs?\b|\bwhich two\b|\btwo \w+ (?:share|have|were|are)|\bmost often\b|\bin common\b|\bshare[sd]?\b|\bsame\b|\bwith how many\b|哪两|一起|同一|共同|合著|合写|同时/i;

// "Counting imports and exports together", "taken together": a sum of what is named, not nodes
// that go together.
const countedTogether =
  /\b(?:count(?:s|ed|ing)?|tak(?:e|en|ing)|put(?:ting)?|add(?:s|ed|ing)?|sum(?:s|med|ming)?|lump(?:s|ed|ing)?|combin(?:e|es|ed|ing))\b[^,.;?？]{0,40}?\btogether\b/gi;

/** Reads the question once for every family. */
export function readQuestionText(question: string): QuestionText {
  const text = correctTypos(question);
  // "Ignoring the direction of trade, …": a condition, never a name.
  const named = withoutIgnoredDirection(text);
  const endpoints = endpointMentions(named);
  const measure = measureOf(text);
  return {
    text,
    yesNo: questionWords.yesNo.test(text),
    nodeMentions: nodeMentions(named),
    subject: subjectMention(named),
    endpoints,
    twoNodes: endpoints.source !== null && endpoints.target !== null,
    measure,
    centralityAsked:
      measure !== null ||
      centralityWords.test(text) ||
      questionWords.mostPartners.test(text) ||
      (questionWords.strength.test(text) && questionWords.rank.test(text)) ||
      (/\bdegrees?\b|度数|的度/i.test(text) && questionWords.rank.test(text)),
    communitiesAsked:
      questionWords.communities.test(text) ||
      (questionWords.groups.test(text) && questionWords.bridgeWord.test(text)),
    pairsAsked: pairWords.test(text.replace(countedTogether, "")),
  };
}
