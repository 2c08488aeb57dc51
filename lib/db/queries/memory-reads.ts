import "server-only";
import type { MemoryKind, Prisma } from "@/generated/prisma/client";
import type { MemoryUsed } from "@/lib/contracts/memory";
import { getDb } from "../client";

/** The owner's live (not superseded) memories of one kind, newest first. */
export async function listLiveMemories(input: { ownerId: string; kind: MemoryKind }) {
  const db = await getDb();
  return db.memory.findMany({
    where: { ownerId: input.ownerId, kind: input.kind, supersededAt: null },
    orderBy: { createdAt: "desc" },
  });
}

/** A session's context (goal, plan, progress), only if the session belongs to the owner. */
export async function findSessionContext(input: { ownerId: string; sessionId: string }) {
  const db = await getDb();
  return db.sessionContext.findFirst({
    where: { sessionId: input.sessionId, session: { project: { ownerId: input.ownerId } } },
  });
}

/** A session's current goal; null when the session has no context yet. */
export async function findSessionGoal(input: { sessionId: string }) {
  const db = await getDb();
  return db.sessionContext.findUnique({
    where: { sessionId: input.sessionId },
    select: { goal: true },
  });
}

/** Sets only the goal of an existing session context (its plan and progress stay). */
export async function setSessionGoal(input: { sessionId: string; goal: string | null }) {
  const db = await getDb();
  await db.sessionContext.updateMany({
    where: { sessionId: input.sessionId },
    data: { goal: input.goal },
  });
}

/** Replaces a session's context (MEM-1: the current task's goal, plan and progress). */
export async function upsertSessionContext(input: {
  sessionId: string;
  goal: string | null;
  plan: Prisma.InputJsonValue;
  progress: Prisma.InputJsonValue;
}) {
  const db = await getDb();
  const data = { goal: input.goal, plan: input.plan, progress: input.progress };
  await db.sessionContext.upsert({
    where: { sessionId: input.sessionId },
    create: { sessionId: input.sessionId, ...data },
    update: data,
  });
}

/**
 * Records which records reached a run's prompt (`memories_used`) and counts the use, so the
 * least used record is the one a full store evicts.
 */
export async function recordMemoriesUsed(input: { runId: string; used: MemoryUsed[] }) {
  const db = await getDb();
  const run = await db.run.findUnique({
    where: { id: input.runId },
    select: { memoriesUsed: true },
  });
  const earlier = Array.isArray(run?.memoriesUsed) ? (run.memoriesUsed as MemoryUsed[]) : [];
  const known = new Set(earlier.map((entry) => `${entry.store}:${entry.memory_id}`));
  const fresh = input.used.filter((entry) => !known.has(`${entry.store}:${entry.memory_id}`));
  const now = new Date();
  const memoryIds = fresh
    .filter((entry) => entry.store === "profile" || entry.store === "memories")
    .map((entry) => entry.memory_id);
  const knowledgeIds = fresh
    .filter((entry) => entry.store === "knowledge")
    .map((entry) => entry.memory_id);
  await db.$transaction([
    db.run.update({ where: { id: input.runId }, data: { memoriesUsed: [...earlier, ...fresh] } }),
    db.memory.updateMany({
      where: { id: { in: memoryIds } },
      data: { useCount: { increment: 1 }, lastUsedAt: now },
    }),
    db.knowledge.updateMany({
      where: { id: { in: knowledgeIds } },
      data: { useCount: { increment: 1 }, lastUsedAt: now },
    }),
  ]);
}

/** The records a run's prompt carried (`memories_used`). */
export async function findMemoriesUsed(input: { runId: string }): Promise<MemoryUsed[]> {
  const db = await getDb();
  const run = await db.run.findUnique({
    where: { id: input.runId },
    select: { memoriesUsed: true },
  });
  return Array.isArray(run?.memoriesUsed) ? (run.memoriesUsed as MemoryUsed[]) : [];
}

/** The decided approvals of a run: the important choices its decision log keeps. */
export async function listDecidedApprovals(input: { runId: string }) {
  const db = await getDb();
  return db.approval.findMany({
    where: { runId: input.runId, decision: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { toolName: true, decision: true, reason: true, toolCallId: true },
  });
}

/** Whether a decision with this choice is logged for the run already. */
export async function hasDecision(input: { runId: string; choice: string }) {
  const db = await getDb();
  return (await db.decision.count({ where: { runId: input.runId, choice: input.choice } })) > 0;
}
