import { getDb } from "../client";

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
          approvals: {
            where: { pendingRunId: { not: null } },
            select: { toolCallId: true, toolName: true, proposedArgs: true, createdAt: true },
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
