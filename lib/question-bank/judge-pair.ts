import { splitSentences } from "./answer-lead";
import { mentionsAny } from "./name-mentions";
import type { PairExpect } from "./question-bank-schema";
import { findNameEvidence } from "./tool-result-evidence";
import { type JudgedAnswer, right, type Verdict, wrong } from "./verdict";

/** A pair: both named in one sentence of the lead, both held by tool results. */
export function judgePair(input: { expect: PairExpect; judged: JudgedAnswer }): Verdict {
  const { expect, judged } = input;
  const [first, second] = expect.values.map((value) => [value, ...(expect.aliases[value] ?? [])]);
  const together = splitSentences(judged.lead).some(
    (sentence) =>
      mentionsAny({ text: sentence, names: first }) &&
      mentionsAny({ text: sentence, names: second }),
  );
  if (!together) {
    return wrong(`no sentence of the lead names both ${expect.values[0]} and ${expect.values[1]}`);
  }
  const missing = [first, second].filter(
    (names) => !findNameEvidence({ toolCalls: judged.toolCalls, names }),
  );
  if (missing.length > 0) {
    return wrong(
      `names the pair, but ${missing.map((names) => names[0]).join(" and ")} appear(s) in no successful tool result`,
    );
  }
  return right(`names ${expect.values[0]} and ${expect.values[1]} in one sentence of the lead`);
}
