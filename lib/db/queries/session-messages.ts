import "server-only";
import type { JsonInput, Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

/** The position the session's next message takes (after its last one). */
export async function nextMessagePosition(
  transaction: Transaction,
  sessionId: string,
): Promise<number> {
  const last = await transactionClient(transaction).message.aggregate({
    where: { sessionId },
    _max: { position: true },
  });
  return (last._max.position ?? -1) + 1;
}

/** Saves one message of a session's conversation. */
export async function createMessage(
  transaction: Transaction,
  data: {
    sessionId: string;
    runId: string;
    role: "user" | "assistant";
    parts: JsonInput;
    position: number;
    executionGeneration?: number;
  },
): Promise<void> {
  await transactionClient(transaction).message.create({ data });
}

/** The assistant answer a run saved for one execution generation, if any. */
export async function findGenerationAnswer(
  transaction: Transaction,
  input: { runId: string; generation: number },
) {
  return transactionClient(transaction).message.findFirst({
    where: { runId: input.runId, role: "assistant", executionGeneration: input.generation },
    select: { id: true },
  });
}
