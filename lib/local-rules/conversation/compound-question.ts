import type { AnswerPart } from "../writing/answer-document";
import { nodeReference } from "./follow-up-words";

/** A question that asks two things, the second about the answer to the first. */
export type CompoundQuestion = { first: string; second: string };

// "Which station is the most central by closeness, and which line is it on?", "哪个账户收款最多，
// 它在哪个国家？": a second ask after a comma that points back with a pronoun.
const secondAsk =
  /^(.{6,}?)\s*[,，;；]\s*(?:and\s+|以及|并且|还有|同时|那么)?\s*((?:which|what|who|where|how|is|does|它|其|他|她|该)[^?？]*?)\s*([?？])?\s*$/i;

/** The two asks of a compound question, or null when it asks one thing. */
export function splitCompound(question: string): CompoundQuestion | null {
  const match = secondAsk.exec(question.trim());
  if (!match) return null;
  const [, first, second, mark] = match;
  // The first part must itself ask something ("In the karate club, which …" is one question).
  if (
    !/^\s*(?:which|what|who|whom|where|how|is|are|does|do|did|can|list|name)\b|哪|谁|什么|多少|几/i.test(
      first,
    )
  ) {
    return null;
  }
  if (!nodeReference.test(second)) return null;
  const chinese = /[\u4e00-\u9fff]/.test(question);
  return {
    first: `${first.replace(/[?？.]+\s*$/, "")}${chinese ? "？" : "?"}`,
    second: `${second.charAt(0).toUpperCase()}${second.slice(1)}${mark ?? (chinese ? "？" : "?")}`,
  };
}

/**
 * One answer from the parts of both asks: the first ask's graph context, its part and the
 * second's, with the second's first sentence joined to the first's so the lead states both
 * ("Chapel End (st16) has the highest closeness centrality (0.2638); its line is Red.").
 */
export function mergeCompoundParts(input: {
  first: AnswerPart[];
  second: AnswerPart[];
  chinese: boolean;
}): AnswerPart[] {
  const context = JSON.stringify(input.first[0]);
  const second = input.second.filter((part) => JSON.stringify(part) !== context);
  // The graph's context part comes first in each; the answers are the parts after it.
  const lead = input.first.slice(1).find((part) => part.succeeded && part.summary.length > 0);
  const follow = second.find((part) => part.succeeded && part.summary.length > 0);
  if (lead && follow) {
    const joined = input.chinese
      ? `${lead.summary[0].replace(/[。.]\s*$/, "")}；${follow.summary[0]}`
      : `${lead.summary[0].replace(/\.\s*$/, "")}; ${follow.summary[0]}`;
    lead.summary[0] = joined;
    follow.summary.shift();
  }
  return [...input.first, ...second];
}
