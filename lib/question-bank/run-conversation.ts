import { askWithServerFaultRetry } from "./ask-with-server-fault-retry";
import { conversationTurnQuestions } from "./asked-question";
import type { BankConversation } from "./question-bank-schema";
import { judgeQuestionResult, type QuestionResult } from "./question-result";
import { askInSession, notStartedOutcome, openSession } from "./run-question";
import type { WorkbenchClient } from "./workbench-client";

/**
 * Asks a conversation the way an analyst follows up: one chat session, each turn a run with the
 * dataset attached, started only once the previous run has ended (terminal event and saved
 * state), so a turn can lean on the answers before it. Each turn is judged like a question, on
 * its own run's tool calls only; `onResult` hears of each turn as soon as it is judged.
 */
export async function runConversation(input: {
  client: WorkbenchClient;
  projectId: string;
  datasetId: string;
  conversation: BankConversation;
  model: string;
  timeoutMs: number;
  onResult?: (result: QuestionResult) => void;
}): Promise<QuestionResult[]> {
  const { client, conversation } = input;
  // Creating the session already retries a server error (postWithRetry); unlike a question's,
  // it is not created again later, since every turn belongs to this one session.
  const session = await openSession({
    client,
    projectId: input.projectId,
    title: `eval ${conversation.id}`,
  }).catch((error) => ({ problem: `the request failed: ${(error as Error).message}` }));
  const results: QuestionResult[] = [];
  for (const turn of conversationTurnQuestions({ conversation })) {
    // A turn the server failed is asked again in the same session, not from the first turn:
    // simple, and the discarded run stays in the session's history, which a person who asked
    // again after an error would see too.
    const outcome =
      "problem" in session
        ? notStartedOutcome({ problem: session.problem })
        : await askWithServerFaultRetry({
            ask: () =>
              askInSession({
                client,
                sessionId: session.sessionId,
                datasetId: input.datasetId,
                question: turn,
                model: input.model,
                timeoutMs: input.timeoutMs,
              }),
          });
    const result = judgeQuestionResult({ question: turn, outcome });
    results.push(result);
    input.onResult?.(result);
  }
  return results;
}
