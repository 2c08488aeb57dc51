import type { RunStatus } from "@/lib/contracts/run-status";
import { getDb } from "@/lib/db/client";

// Tests set up runs in states the product reaches only through a whole run (a stuck `running`
// row, a finished turn with its answer); the product itself never writes rows this way.

/** Moves a run to a new status, bumping its control revision. */
export async function updateRunStatus(input: {
  runId: string;
  runStatus: RunStatus;
  partialText?: string;
  finalText?: string;
  errorCode?: string | null;
  errorMessage?: string | null;
  finished?: boolean;
  terminalPersisted?: boolean;
  executionStopped?: boolean;
}) {
  const db = await getDb();
  const { runId, finished, ...fields } = input;
  return db.run.update({
    where: { id: runId },
    data: {
      ...fields,
      revision: { increment: 1 },
      heartbeatAt: new Date(),
      ...(input.runStatus === "running" ? { startedAt: new Date() } : {}),
      ...(finished ? { finishedAt: new Date() } : {}),
    },
  });
}

/** Appends a message to the session, after its last one. */
export async function appendMessage(input: {
  sessionId: string;
  runId: string;
  role: "assistant" | "tool";
  parts: Record<string, string | number | boolean | null>[];
  executionGeneration: number;
}) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const last = await transaction.message.aggregate({
      where: { sessionId: input.sessionId },
      _max: { position: true },
    });
    return transaction.message.create({
      data: { ...input, position: (last._max.position ?? -1) + 1 },
    });
  });
}
