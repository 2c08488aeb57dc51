import "server-only";
import { executingRunStatuses, isStopAsked } from "@/lib/contracts/run-status";
import { getDb } from "../client";

/** A run with its session, only if it belongs to the owner. */
export async function findRunForOwner(input: { ownerId: string; runId: string }) {
  const db = await getDb();
  return db.run.findFirst({
    where: { id: input.runId, ownerId: input.ownerId },
    include: {
      session: { select: { id: true, projectId: true, activeDatasetId: true, state: true } },
    },
  });
}

/** Everything the run snapshot shows: messages, tool calls, approvals, jobs. */
export async function findRunSnapshotForOwner(input: { ownerId: string; runId: string }) {
  const db = await getDb();
  return db.run.findFirst({
    where: { id: input.runId, ownerId: input.ownerId },
    include: {
      messages: { orderBy: { position: "asc" } },
      toolCalls: {
        orderBy: [{ executionGeneration: "asc" }, { turnIndex: "asc" }, { batchIndex: "asc" }],
      },
      // The open pause (at most one) and every decided step, in the order they paused.
      approvals: { orderBy: { executionGeneration: "asc" } },
      jobs: {
        select: {
          id: true,
          kind: true,
          status: true,
          toolCallId: true,
          parentJobId: true,
          childJobId: true,
          errorCode: true,
          errorMessage: true,
          // The last row is what a refreshed tool card's progress bar shows.
          progress: {
            orderBy: { seq: "desc" },
            take: 1,
            select: { seq: true, stage: true, pct: true, message: true },
          },
        },
        orderBy: { createdAt: "asc" },
      },
      replacedBy: { select: { id: true }, take: 1 },
    },
  });
}

/** The last `limit` runs of a session with their messages (the model's history window, SS-2). */
export async function listRecentRunsWithMessages(input: {
  sessionId: string;
  beforeRunId: string;
  limit: number;
}) {
  const db = await getDb();
  const current = await db.run.findUniqueOrThrow({
    where: { id: input.beforeRunId },
    select: { createdAt: true },
  });
  const runs = await db.run.findMany({
    // A replaced turn (edit latest turn) stays in the record but not in the model's history.
    where: {
      sessionId: input.sessionId,
      createdAt: { lt: current.createdAt },
      replacedBy: { none: {} },
    },
    orderBy: { createdAt: "desc" },
    take: input.limit,
    select: {
      id: true,
      runStatus: true,
      messages: { orderBy: { position: "asc" }, select: { role: true, parts: true } },
    },
  });
  return runs.reverse();
}

/** Refreshes a running run's liveness evidence (PS-4: liveness by heartbeat + executor id). */
export async function touchRunHeartbeat(input: { runId: string; executorId: string }) {
  const db = await getDb();
  await db.run.updateMany({
    where: {
      id: input.runId,
      executorId: input.executorId,
      runStatus: { in: [...executingRunStatuses] },
    },
    data: { heartbeatAt: new Date() },
  });
}

/**
 * Saves the answer streamed so far by the current phase of a still-executing run, so a run whose
 * process dies mid-answer keeps its partial text (PS-4). Once the phase's final state is saved
 * (or the run was interrupted) the row no longer matches and a late save changes nothing.
 */
export async function saveRunPartialText(input: {
  runId: string;
  generation: number;
  text: string;
}) {
  const db = await getDb();
  await db.run.updateMany({
    where: {
      id: input.runId,
      executionGeneration: input.generation,
      runStatus: { in: [...executingRunStatuses] },
    },
    data: { partialText: input.text },
  });
}

/** Starts a phase: preparing → running, only for the generation that is current (RC-4). */
export async function markRunPhaseRunning(input: { runId: string; generation: number }) {
  const db = await getDb();
  const { count } = await db.run.updateMany({
    where: { id: input.runId, executionGeneration: input.generation },
    data: {
      runStatus: "running",
      startedAt: new Date(),
      heartbeatAt: new Date(),
      revision: { increment: 1 },
    },
  });
  return count === 1;
}

/** Whether someone asked this run to stop (a cancel may reach another process's executor). */
export async function isRunStopRequested(runId: string): Promise<boolean> {
  const db = await getDb();
  const run = await db.run.findUnique({ where: { id: runId }, select: { cancelStatus: true } });
  return isStopAsked(run?.cancelStatus);
}

/** The decided approval a continued phase applies: the one of the previous generation. */
export async function findDecidedApproval(input: { runId: string; generation: number }) {
  const db = await getDb();
  return db.approval.findFirst({
    where: { runId: input.runId, executionGeneration: input.generation, decision: { not: null } },
  });
}

/** The user message a run answers (the start of its first phase). */
export async function findRunUserMessage(runId: string) {
  const db = await getDb();
  return db.message.findFirst({
    where: { runId, role: "user" },
    orderBy: { position: "asc" },
    select: { parts: true },
  });
}

/** The owner's runs of a project created in [from, until), oldest first, with their model. */
export async function listProjectRunsCreatedBetween(input: {
  ownerId: string;
  projectId: string;
  from: Date;
  until: Date;
}) {
  const db = await getDb();
  return db.run.findMany({
    where: {
      ownerId: input.ownerId,
      projectId: input.projectId,
      createdAt: { gte: input.from, lt: input.until },
    },
    orderBy: { createdAt: "asc" },
    select: { id: true, createdAt: true, finishedAt: true, runStatus: true, modelName: true },
  });
}
