import { nodeMentions } from "../reading/node-mentions";
import type { FollowUpReading } from "./ranking-follow-ups";
import { focusOf, type ResolvedTurn } from "./resolved-turn";

// "What was the total insured value of those loans?" after "X has the most loans (14).": the
// items the previous figure counted are the ones of the node the answer was about, so "those
// loans" becomes "the loans of X". Only a plural noun the answer's lead itself used counts, and
// only after an answer about one node (a listed set keeps "those" as "which of them").

const demonstrativePlural = /\b(?:those|these|the same)\s+([a-z][a-z-]+s)\b/i;

export function itemsOfFocus(question: string, previous: ResolvedTurn): FollowUpReading | null {
  const match = demonstrativePlural.exec(question);
  if (!match || nodeMentions(question).length > 0 || previous.setNodes.length > 0) return null;
  const noun = match[1];
  const leadNouns: string[] = previous.leadSentence.toLowerCase().match(/[a-z][a-z-]+/g) ?? [];
  if (!leadNouns.includes(noun.toLowerCase())) return null;
  const node = focusOf(previous);
  if (!node) return null;
  return {
    request: question.replace(match[0], `the ${noun} of ${node}`),
    reference: { kind: "previous-node", node },
  };
}
