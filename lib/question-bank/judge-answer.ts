import { readLead, stripIgnoredText } from "./answer-lead";
import { judgeBoolean } from "./judge-boolean";
import { judgeEntities } from "./judge-entities";
import { judgeEntity } from "./judge-entity";
import { judgeNumber } from "./judge-number";
import { judgePair } from "./judge-pair";
import { judgePath } from "./judge-path";
import type { BankQuestion } from "./question-bank-schema";
import { findRefusal } from "./refusal";
import type { RunToolCall } from "./tool-result-evidence";
import { type JudgedAnswer, type Verdict, wrong } from "./verdict";

/**
 * Judges one answer as docs/question-bank.md says: the run completed, the answer is not the
 * offline model's refusal, its lead states the expected value, and a successful tool result of
 * the same run holds it.
 */
export function judgeAnswer(input: {
  question: BankQuestion;
  runStatus: string;
  answer: string;
  toolCalls: readonly RunToolCall[];
}): Verdict {
  if (input.runStatus !== "completed") return wrong(`the run ended ${input.runStatus}`);
  const refusal = findRefusal(input.answer);
  if (refusal) return wrong(`the model refused ("${refusal}")`);
  const answer = stripIgnoredText(input.answer);
  if (answer.trim() === "") return wrong("the answer is empty");
  const judged: JudgedAnswer = {
    question: input.question.question,
    answer,
    lead: readLead(answer),
    toolCalls: input.toolCalls,
  };
  if (judged.lead === "") return wrong("the answer has no lead paragraph");
  const { expect } = input.question;
  switch (expect.type) {
    case "number":
      return judgeNumber({ expect, judged });
    case "entity":
      return judgeEntity({ expect, judged });
    case "entities":
      return judgeEntities({ expect, judged });
    case "boolean":
      return judgeBoolean({ expect, judged });
    case "pair":
      return judgePair({ expect, judged });
    case "path":
      return judgePath({ expect, judged });
  }
}
