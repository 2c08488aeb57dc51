import "server-only";
import type { MemoryKind } from "@/generated/prisma/client";
import { getDb } from "../client";

const insensitive = "insensitive" as const;

/** The owner's memories (profile or facts), optionally text-filtered, history optional. */
export async function listMemoryRows(input: {
  ownerId: string;
  kind: MemoryKind;
  q?: string;
  includeSuperseded: boolean;
}) {
  const db = await getDb();
  return db.memory.findMany({
    where: {
      ownerId: input.ownerId,
      kind: input.kind,
      ...(input.includeSuperseded ? {} : { supersededAt: null }),
      ...(input.q ? { text: { contains: input.q, mode: insensitive } } : {}),
    },
    orderBy: { createdAt: "desc" },
    include: { sourceRun: { select: { sessionId: true } } },
  });
}

/** The owner's session contexts (one per session), text-filtered on the goal. */
export async function listSessionContextRows(input: { ownerId: string; q?: string }) {
  const db = await getDb();
  return db.sessionContext.findMany({
    where: {
      session: { project: { ownerId: input.ownerId } },
      ...(input.q ? { goal: { contains: input.q, mode: insensitive } } : {}),
    },
    orderBy: { updatedAt: "desc" },
    include: { session: { select: { title: true } } },
  });
}

/** The owner's knowledge items of some statuses, text-filtered. */
export async function listKnowledgeRows(input: {
  ownerId: string;
  statuses: ("active" | "proposed" | "discarded")[];
  q?: string;
}) {
  const db = await getDb();
  const rows = await db.knowledge.findMany({
    where: {
      ownerId: input.ownerId,
      status: { in: input.statuses },
      ...(input.q ? { text: { contains: input.q, mode: insensitive } } : {}),
    },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      text: true,
      tags: true,
      status: true,
      sourceRunId: true,
      embeddingModel: true,
      useCount: true,
      createdAt: true,
      sourceRun: { select: { sessionId: true } },
    },
  });
  return rows;
}

/** The owner's decision log, newest first, text-filtered. */
export async function listDecisionRows(input: { ownerId: string; q?: string }) {
  const db = await getDb();
  return db.decision.findMany({
    where: {
      ownerId: input.ownerId,
      ...(input.q
        ? {
            OR: [
              { choice: { contains: input.q, mode: insensitive } },
              { reason: { contains: input.q, mode: insensitive } },
            ],
          }
        : {}),
    },
    orderBy: { createdAt: "desc" },
  });
}

/** The owner's latest evictions (what a store's size limit removed). */
export async function listEvictions(input: { ownerId: string; take: number }) {
  const db = await getDb();
  return db.memoryEviction.findMany({
    where: { ownerId: input.ownerId },
    orderBy: { evictedAt: "desc" },
    take: input.take,
  });
}

/**
 * Deletes records of any store by id, only the owner's: a foreign or unknown id deletes
 * nothing. Returns the ids that were deleted.
 */
export async function deleteMemoryRecords(input: { ownerId: string; ids: string[] }) {
  const db = await getDb();
  const { ownerId, ids } = input;
  return db.$transaction(async (tx) => {
    const found = [
      ...(await tx.memory.findMany({ where: { ownerId, id: { in: ids } }, select: { id: true } })),
      ...(await tx.knowledge.findMany({
        where: { ownerId, id: { in: ids } },
        select: { id: true },
      })),
      ...(await tx.decision.findMany({
        where: { ownerId, id: { in: ids } },
        select: { id: true },
      })),
      ...(
        await tx.sessionContext.findMany({
          where: { sessionId: { in: ids }, session: { project: { ownerId } } },
          select: { sessionId: true },
        })
      ).map((row) => ({ id: row.sessionId })),
    ].map((row) => row.id);
    // A deleted memory that superseded another does not bring the old one back: history stays history.
    await tx.memory.deleteMany({ where: { ownerId, id: { in: found } } });
    await tx.knowledge.deleteMany({ where: { ownerId, id: { in: found } } });
    await tx.decision.deleteMany({ where: { ownerId, id: { in: found } } });
    await tx.sessionContext.deleteMany({ where: { sessionId: { in: found } } });
    return found;
  });
}

/** Moves a proposal to active or discarded; null when it is not the owner's open proposal. */
export async function decideKnowledgeProposal(input: {
  ownerId: string;
  knowledgeId: string;
  status: "active" | "discarded";
}) {
  const db = await getDb();
  const updated = await db.knowledge.updateMany({
    where: { id: input.knowledgeId, ownerId: input.ownerId, status: "proposed" },
    data: { status: input.status },
  });
  return updated.count > 0;
}
