import type { RunToolCall } from "./tool-result-evidence";

/** The judge's decision on one answer, with the reason a person reads in the report. */
export type Verdict = { correct: boolean; reason: string };

/** What every expectation judge reads: the answer (footer and UUIDs removed), its lead, the run's tool calls. */
export type JudgedAnswer = {
  question: string;
  answer: string;
  lead: string;
  toolCalls: readonly RunToolCall[];
};

/** A correct verdict. */
export function right(reason: string): Verdict {
  return { correct: true, reason };
}

/** A wrong verdict. */
export function wrong(reason: string): Verdict {
  return { correct: false, reason };
}
