import { linkDirection, rankingDirection } from "../reading/link-direction";
import { mayNameLinkProperty, propertyByName, quantityWordOf } from "./link-quantity";
import type { QuestionText } from "./question-text";

// How a question reads as a sum of what links carry: the intent, the words that point it at
// one end of the links, and the questions it leaves to other families. The plan on the
// verified graph is in edge-sums.ts.

/**
 * "How much money did a30 receive in total?", "Which Japanese account sent the most money?",
 * "What is the total amount sent from accounts in Spain?", "Which country sends the most
 * money?": a number the links carry (an amount, hours, minutes, km), summed per node or per
 * group of an endpoint's property, the way the verb points.
 */
export type EdgeSumsIntent = {
  kind: "edge-sums";
  /** The property names the question's quantity word may stand for, most likely first. */
  quantity: string[];
  /** Which end the sum belongs to: the sender (out), the receiver (in), or either. */
  end: "source" | "target" | "either";
  node: string | null;
  ascending: boolean;
  /** "the average travel time": the mean per link instead of the sum. */
  statistic: "sum" | "avg";
  /** A length, time or cost, which the graph's weight column may measure. */
  measuresWeight: boolean;
  /** "How many containers": the noun counted, which must be the link property summed. */
  counted?: string | null;
};

const outVerbs =
  /\b(?:sen[dt]s?|sending|paid|pays?|paying|transfer(?:red|s)? out|gave|gives?|export(?:s|ed)?|ship(?:s|ped)?|spen[dt]s?|out(?:going|flow)?|from)\b|转出|付出|支付|汇出|出口|发出|送出/i;
const inVerbs =
  /\b(?:receiv(?:e|es|ed|ing)|got|gets?|earn(?:s|ed)?|import(?:s|ed)?|incoming|inflow|to)\b|收到|收款|转入|进口|流入|得到/i;
// "at least one hut" is a condition, not a ranking.
export const ranking =
  /\b(?:most|(?<!\bat )least|highest|lowest|largest|smallest|top|biggest|fewest)\b|最/i;
// "How many hours were logged on Juniper?": a count of units is a sum of what links carry.
const totalWords =
  /\b(?:total|sum|in all|altogether|how much|combined|add(?:s|ed)? up|come to|comes to)\b|加起来|加在一起|\bhow many (?:hours|minutes|km|kilomet\w+|miles|tonnes|tons|visits|units|MW)\b|总|一共|合计|共计|多少/i;
const averageWords = /\b(?:average|mean)\b|\bon average\b|平均/i;

// Distances, paths, loops and reach are walks, not sums of what links carry.
const walkWords =
  /\bapart\b|\bdistant\b|\bpaths?\b|\broutes?\b|\bfar\b|\breach|\bcycles?\b|\bloops?\b|\bback to\b|\bflow back\b|\bmax(?:imum)? flow\b|最远|路径|路线|回到|转回|环|可达|到达|最大流/i;

// "How many different accounts did it pay": a count of nodes, not a sum.
const countsNodes =
  /\bdifferent\b|\bdistinct\b|\bhow many (?!\w+ of\b)\w{2,}s\b(?<!hours|minutes|units|tonnes|visits)|不同的|多少[个家位名所座]|几[个家位名所座]/i;
// "How many containers …": the thing counted, which is a sum only when a link carries it.
const countedNoun = /\bhow many ((?!\w+ of\b)\w{2,}s)\b/i;

// A centrality, a structure or pairs: a question of another family, whatever noun it has.
function otherMeasure(question: QuestionText): boolean {
  return (
    question.centralityAsked ||
    question.communitiesAsked ||
    question.pairsAsked ||
    /\bdegrees?\b|\bclustering\b|\bdiameter\b|\bradius\b|\bdensity\b|\bcomponents?\b|\bsimilar/i.test(
      question.text,
    )
  );
}

export function readEdgeSums(question: QuestionText) {
  const { text, subject, nodeMentions, twoNodes, yesNo, measure } = question;
  // "Hours per project: how many hours were logged on Juniper?": the quantity is not a node.
  const names = nodeMentions.filter(
    (mention) => !(quantityWordOf(mention) && text.trimStart().startsWith(mention)),
  );
  if ((twoNodes && names.length > 1) || yesNo) return null;
  if (walkWords.test(text)) return null;
  const counted = countedNoun.exec(text)?.[1] ?? null;
  // "How many containers did Shanghai ship?" may count what the links carry, which only the
  // schema can tell; "how many different ports" never does.
  const countsByName =
    counted !== null && !quantityWordOf(text) && !/\bdifferent\b|\bdistinct\b/i.test(text);
  if (countsNodes.test(text) && !countsByName) return null;
  // "Weighting lines by their length, which … has the highest betweenness": a centrality.
  if (measure && measure !== "degree") return null;
  // No quantity word the lexicon knows: the plan looks for a link property the question names
  // by its own name ("the containers on every lane", "总爬升"), and declines without one.
  const quantity =
    quantityWordOf(text) ??
    (mayNameLinkProperty(text) && !otherMeasure(question) ? propertyByName : null);
  if (!quantity) return null;
  const average = averageWords.test(text);
  if (!(ranking.test(text) || totalWords.test(text) || average)) return null;
  const named = subject && quantityWordOf(subject) ? (names[0] ?? null) : subject;
  const end = endOfSum(text, named);
  return [
    {
      kind: "edge-sums" as const,
      quantity: quantity.names,
      end: end as EdgeSumsIntent["end"],
      // "Which account in Spain sent the most": a ranking names values, not the node asked of.
      node: ranking.test(text) ? null : named,
      ascending: /\b(?:(?<!\bat )least|lowest|smallest|fewest)\b|最少|最低/i.test(text),
      ...(countsByName && counted ? { counted } : {}),
      statistic: average ? ("avg" as const) : ("sum" as const),
      measuresWeight: quantity.measuresWeight,
    },
  ];
}

/**
 * Which end a sum is credited to: the way a word of leaving, arriving, sending or receiving
 * points at the node ("lanes leaving Jebel Ali", "进港航线", "takes in the most"), else the
 * plain verbs of paying and receiving.
 */
function endOfSum(text: string, node: string | null): EdgeSumsIntent["end"] {
  const read = node ? linkDirection(text, node) : rankingDirection(text);
  if (read !== "all") return read === "out" ? "source" : "target";
  const out = outVerbs.test(text);
  const incoming = inVerbs.test(text);
  return out && !incoming ? "source" : incoming && !out ? "target" : "either";
}
