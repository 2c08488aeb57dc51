import type { BooleanExpect } from "./question-bank-schema";
import { findAnalysisCall } from "./tool-result-evidence";
import { type JudgedAnswer, right, type Verdict, wrong } from "./verdict";
import { readYesNo } from "./yes-no-answer";

/** Yes or no: said in the first sentence, after at least one successful analysis tool. */
export function judgeBoolean(input: { expect: BooleanExpect; judged: JudgedAnswer }): Verdict {
  const { expect, judged } = input;
  const expected = expect.value ? "yes" : "no";
  const reading = readYesNo({ lead: judged.lead, question: judged.question });
  if (!reading) return wrong(`the first sentence says neither yes nor no (expected ${expected})`);
  if (reading.answer !== expected) {
    return wrong(`says ${reading.answer} (${reading.how}), expected ${expected}`);
  }
  const analysis = findAnalysisCall(judged.toolCalls);
  if (!analysis) {
    return wrong(`says ${expected}, but no analysis tool succeeded in the run`);
  }
  return right(`says ${expected} (${reading.how}); ${analysis.tool_name} succeeded`);
}
