import { findStatedFigure, readFigures } from "@/lib/text/answer-figures";
import type { NumberExpect } from "./question-bank-schema";
import { findNumberEvidence } from "./tool-result-evidence";
import { type JudgedAnswer, right, type Verdict, wrong } from "./verdict";

/** A number: a figure of the lead states it, and a successful tool result holds it. */
export function judgeNumber(input: { expect: NumberExpect; judged: JudgedAnswer }): Verdict {
  const { expect, judged } = input;
  const stated = findStatedFigure({
    text: judged.lead,
    value: expect.value,
    tolerance: expect.tolerance,
  });
  if (!stated) {
    const figures = readFigures(judged.lead).map((figure) => figure.text);
    return wrong(
      `the lead does not state ${expect.value}${toleranceNote(expect.tolerance)} (figures in the lead: ${figures.length > 0 ? figures.join(", ") : "none"})`,
    );
  }
  const evidence = findNumberEvidence({
    toolCalls: judged.toolCalls,
    value: expect.value,
    tolerance: expect.tolerance,
  });
  if (!evidence) {
    return wrong(`states ${stated.text}, but no successful tool result of the run holds it`);
  }
  return right(`states ${stated.text}; ${evidence}`);
}

/** " ± 0.0005" for a tolerance, nothing for an exact value. */
export function toleranceNote(tolerance: number): string {
  return tolerance > 0 ? ` ± ${tolerance}` : "";
}
