import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

/**
 * What a session row needs to name its dataset: the bound dataset, and the attachments of its
 * latest question (the dataset a conversation is about before any graph was loaded).
 */
export const sessionDatasetInclude = {
  activeDataset: { select: { id: true, name: true } },
  runs: { orderBy: [{ createdAt: "desc" }], take: 1, select: { attachments: true } },
} satisfies Prisma.SessionInclude;

/** Sessions of one project of one owner, most recently active first, with their dataset. */
export async function listSessionsForProject(input: { ownerId: string; projectId: string }) {
  const db = await getDb();
  return db.session.findMany({
    where: { ownerId: input.ownerId, projectId: input.projectId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    include: sessionDatasetInclude,
  });
}

/** Inserts a session. */
export async function insertSession(input: { ownerId: string; projectId: string; title: string }) {
  const db = await getDb();
  return db.session.create({ data: input, include: sessionDatasetInclude });
}

/** A session with what names its dataset, only if it belongs to the owner. */
export async function findSessionWithDatasetForOwner(input: {
  ownerId: string;
  sessionId: string;
}) {
  const db = await getDb();
  return db.session.findFirst({
    where: { id: input.sessionId, ownerId: input.ownerId },
    include: sessionDatasetInclude,
  });
}

/** Sets a session's title; false when the owner has no such session. */
export async function updateSessionTitle(input: {
  ownerId: string;
  sessionId: string;
  title: string;
}): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.session.updateMany({
    where: { id: input.sessionId, ownerId: input.ownerId },
    data: { title: input.title },
  });
  return count === 1;
}

/**
 * Names a session after its first question, only while it still has the title it was created
 * with: a title a person chose, or one an earlier question gave, is never overwritten.
 */
export async function nameSessionIfUntitled(
  transaction: Transaction,
  input: { sessionId: string; defaultTitle: string; title: string },
): Promise<void> {
  await transactionClient(transaction).session.updateMany({
    where: { id: input.sessionId, title: input.defaultTitle },
    data: { title: input.title },
  });
}

/** The owner's session, inside a transaction (for a change that holds the session lock). */
export async function findSessionForOwnerInTransaction(
  transaction: Transaction,
  input: { ownerId: string; sessionId: string },
) {
  return transactionClient(transaction).session.findFirst({
    where: { id: input.sessionId, ownerId: input.ownerId },
    select: { id: true, ownerId: true, projectId: true },
  });
}

/**
 * Deletes a session row of the owner's project. The database cascades to everything that only
 * lives inside the conversation: messages, runs (their events, tool calls, approvals, cancel
 * intents), start requests, its context and decisions, its graph state and its workspace files.
 */
export async function deleteSessionRow(
  transaction: Transaction,
  input: { ownerId: string; projectId: string; sessionId: string },
): Promise<boolean> {
  const { count } = await transactionClient(transaction).session.deleteMany({
    where: { id: input.sessionId, ownerId: input.ownerId, projectId: input.projectId },
  });
  return count === 1;
}

/** A session with its messages and run summaries, only if it belongs to the owner. */
export async function findSessionSnapshotForOwner(input: { ownerId: string; sessionId: string }) {
  const db = await getDb();
  return db.session.findFirst({
    where: { id: input.sessionId, ownerId: input.ownerId },
    include: {
      activeDataset: { select: { id: true, name: true } },
      messages: { orderBy: { position: "asc" } },
      runs: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          attachments: true,
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

/**
 * The datasets a session used: the one bound to it, every one its questions attached, every one
 * its graph versions were loaded from, and the node tables those were built with.
 */
export async function findSessionDatasetIds(input: {
  ownerId: string;
  sessionId: string;
}): Promise<Set<string>> {
  const db = await getDb();
  const session = await db.session.findFirst({
    where: { id: input.sessionId, ownerId: input.ownerId },
    select: {
      activeDatasetId: true,
      runs: { select: { attachments: true } },
      graphState: { select: { versions: { select: { datasetId: true } } } },
    },
  });
  const ids = new Set<string>();
  if (!session) return ids;
  if (session.activeDatasetId) ids.add(session.activeDatasetId);
  for (const run of session.runs) {
    if (!Array.isArray(run.attachments)) continue;
    for (const id of run.attachments) if (typeof id === "string") ids.add(id);
  }
  for (const version of session.graphState?.versions ?? []) {
    if (version.datasetId) ids.add(version.datasetId);
  }
  const nodeTables = await db.dataset.findMany({
    where: { ownerId: input.ownerId, id: { in: [...ids] }, nodesDatasetId: { not: null } },
    select: { nodesDatasetId: true },
  });
  for (const row of nodeTables) if (row.nodesDatasetId) ids.add(row.nodesDatasetId);
  return ids;
}
