import { getDb } from "../client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

/** Sessions of one project of one owner, most recently active first. */
export async function listSessionsForProject(input: { ownerId: string; projectId: string }) {
  const db = await getDb();
  return db.session.findMany({
    where: { ownerId: input.ownerId, projectId: input.projectId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
  });
}

/** Inserts a session. */
export async function insertSession(input: { ownerId: string; projectId: string; title: string }) {
  const db = await getDb();
  return db.session.create({ data: input });
}

/** A session with its messages and run summaries, only if it belongs to the owner. */
export async function findSessionSnapshotForOwner(input: { ownerId: string; sessionId: string }) {
  const db = await getDb();
  return db.session.findFirst({
    where: { id: input.sessionId, ownerId: input.ownerId },
    include: {
      messages: { orderBy: { position: "asc" } },
      runs: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          runStatus: true,
          executionGeneration: true,
          revision: true,
          cancelStatus: true,
          executionStopped: true,
          terminalPersisted: true,
          createdAt: true,
          finishedAt: true,
          errorCode: true,
          replacesRunId: true,
          replacedBy: { select: { id: true }, take: 1 },
          approvals: {
            where: { pendingRunId: { not: null } },
            select: {
              toolCallId: true,
              toolName: true,
              proposedArgs: true,
              preview: true,
              executionGeneration: true,
              createdAt: true,
            },
          },
        },
      },
    },
  });
}

/** A session row, only if it belongs to the owner. */
export async function findSessionForOwner(input: { ownerId: string; sessionId: string }) {
  const db = await getDb();
  return db.session.findFirst({ where: { id: input.sessionId, ownerId: input.ownerId } });
}

/** Records what a successful load made true (SS-4): the binding, its construction and revision. */
export async function recordLoadedDataset(input: {
  sessionId: string;
  datasetId: string;
  revision: number | null;
}) {
  const db = await getDb();
  const patch = {
    graph_loaded: true,
    data_state: {
      dataset_id: input.datasetId,
      construction_status: "ready",
      construction_revision: input.revision,
    },
  };
  // Merge at the top level in SQL: other writers (workspace environment) own other keys.
  await db.$executeRaw`UPDATE sessions SET "activeDatasetId" = ${input.datasetId}, state = state || ${JSON.stringify(patch)}::jsonb, "updatedAt" = now() WHERE id = ${input.sessionId}`;
}

/** Records that the session graph was cleared. */
export async function recordGraphCleared(input: { sessionId: string }) {
  const db = await getDb();
  await db.$executeRaw`UPDATE sessions SET state = state || '{"graph_loaded": false}'::jsonb, "updatedAt" = now() WHERE id = ${input.sessionId}`;
}

/** Notes that the session just admitted a run. */
export async function touchSessionLastRun(
  transaction: Transaction,
  sessionId: string,
): Promise<void> {
  await transactionClient(transaction).session.update({
    where: { id: sessionId },
    data: { lastRunAt: new Date() },
  });
}
