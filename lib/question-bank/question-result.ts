import type { AskedQuestion } from "./asked-question";
import { judgeAnswer } from "./judge-answer";
import type { RunOutcome } from "./run-question";
import type { Verdict } from "./verdict";

/** One question's (or one conversation turn's) run and verdict. */
export type QuestionResult = { question: AskedQuestion; outcome: RunOutcome; verdict: Verdict };

/** Judges a run's outcome; a wrong verdict also names what went wrong outside the answer. */
export function judgeQuestionResult(input: {
  question: AskedQuestion;
  outcome: RunOutcome;
}): QuestionResult {
  const { question, outcome } = input;
  const verdict = judgeAnswer({
    question,
    runStatus: outcome.runStatus,
    answer: outcome.answer,
    toolCalls: outcome.toolCalls,
  });
  return {
    question,
    outcome,
    verdict:
      outcome.problem && !verdict.correct
        ? { correct: false, reason: `${verdict.reason} (${outcome.problem})` }
        : verdict,
  };
}
