import type { Prisma, RunStatus, ToolCallStatus } from "@/generated/prisma/client";
import { getDb } from "../client";

/** Runs whose state keeps the session from accepting a new message (RC-2, PS-3). */
export const busyRunFilter = {
  OR: [
    { runStatus: { in: ["preparing", "running", "paused"] as RunStatus[] } },
    { terminalPersisted: false },
  ],
} satisfies Prisma.RunWhereInput;

/**
 * Registers a run and its user message in one short transaction under the session's advisory
 * lock, after checking idempotency and that the session is free (RC-2, PS-1).
 */
export async function admitRun(input: {
  ownerId: string;
  sessionId: string;
  projectId: string;
  startRequestId: string;
  fingerprint: string;
  options: Prisma.InputJsonValue;
  attachments: string[];
  modelName: string;
  messageParts: Prisma.InputJsonValue;
  executorId: string;
}) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await transaction.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`session:${input.ownerId}:${input.sessionId}`}))`;
    const existing = await transaction.run.findUnique({
      where: {
        sessionId_startRequestId: {
          sessionId: input.sessionId,
          startRequestId: input.startRequestId,
        },
      },
      select: { id: true, requestFingerprint: true, executionGeneration: true },
    });
    if (existing) return { kind: "existing" as const, run: existing };
    const busy = await transaction.run.findFirst({
      where: { sessionId: input.sessionId, ...busyRunFilter },
      select: { id: true, runStatus: true, terminalPersisted: true },
    });
    if (busy) return { kind: "busy" as const, run: busy };
    const last = await transaction.message.aggregate({
      where: { sessionId: input.sessionId },
      _max: { position: true },
    });
    const run = await transaction.run.create({
      data: {
        sessionId: input.sessionId,
        ownerId: input.ownerId,
        projectId: input.projectId,
        startRequestId: input.startRequestId,
        requestFingerprint: input.fingerprint,
        options: input.options,
        attachments: input.attachments,
        modelName: input.modelName,
        runStatus: "preparing",
        executorId: input.executorId,
        heartbeatAt: new Date(),
      },
      select: { id: true, executionGeneration: true },
    });
    await transaction.runStartRequest.create({
      data: {
        ownerId: input.ownerId,
        sessionId: input.sessionId,
        startRequestId: input.startRequestId,
        fingerprint: input.fingerprint,
        status: "started",
        runId: run.id,
      },
    });
    await transaction.message.create({
      data: {
        sessionId: input.sessionId,
        runId: run.id,
        role: "user",
        parts: input.messageParts,
        position: (last._max.position ?? -1) + 1,
      },
    });
    await transaction.session.update({
      where: { id: input.sessionId },
      data: { lastRunAt: new Date() },
    });
    return { kind: "created" as const, run };
  });
}

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

/** Saves one tool call's record (insert or update by run + tool call id). */
export async function upsertToolCall(input: {
  runId: string;
  toolCallId: string;
  executionGeneration: number;
  turnIndex: number;
  batchIndex: number;
  toolName: string;
  args: Prisma.InputJsonValue;
  status: ToolCallStatus;
  success?: boolean | null;
  result?: Prisma.InputJsonValue;
  summary?: string | null;
  errorCode?: string | null;
  blockedBy?: string[];
  startedAt?: Date | null;
  finishedAt?: Date | null;
  durationMs?: number | null;
}) {
  const db = await getDb();
  const { runId, toolCallId, ...fields } = input;
  return db.toolCall.upsert({
    where: { runId_toolCallId: { runId, toolCallId } },
    create: { runId, toolCallId, ...fields },
    update: fields,
  });
}

/** Appends a message to the session (assistant answers, tool results). */
export async function appendMessage(input: {
  sessionId: string;
  runId: string;
  role: "assistant" | "tool";
  parts: Prisma.InputJsonValue;
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
      approvals: { where: { pendingRunId: { not: null } } },
      jobs: { select: { id: true, kind: true, status: true } },
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
    where: { sessionId: input.sessionId, createdAt: { lt: current.createdAt } },
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

/** Records the durable pause of a run at an approval-gated call (AP-1): one pending per run. */
export async function insertPendingApproval(input: {
  runId: string;
  toolCallId: string;
  toolName: string;
  proposedArgs: Prisma.InputJsonValue;
  executionGeneration: number;
}) {
  const db = await getDb();
  return db.approval.create({ data: { ...input, pendingRunId: input.runId } });
}

/** Refreshes a running run's liveness evidence (PS-4: liveness by heartbeat + executor id). */
export async function touchRunHeartbeat(input: { runId: string; executorId: string }) {
  const db = await getDb();
  await db.run.updateMany({
    where: {
      id: input.runId,
      executorId: input.executorId,
      runStatus: { in: ["preparing", "running"] },
    },
    data: { heartbeatAt: new Date() },
  });
}

/**
 * Marks runs whose executor is gone as `interrupted` (PS-4): still preparing/running, owned by
 * another executor, and silent for longer than `staleAfterMs`. Inputs, tool facts and partial
 * text stay; nothing is resumed. Paused runs are stable and left alone.
 */
export async function interruptAbandonedRuns(input: { executorId: string; staleAfterMs: number }) {
  const db = await getDb();
  return db.run.updateMany({
    where: {
      runStatus: { in: ["preparing", "running"] },
      NOT: { executorId: input.executorId },
      OR: [
        { heartbeatAt: null },
        { heartbeatAt: { lt: new Date(Date.now() - input.staleAfterMs) } },
      ],
    },
    data: {
      runStatus: "interrupted",
      executionStopped: true,
      terminalPersisted: true,
      errorCode: "INTERRUPTED",
      errorMessage:
        "The server stopped while this run was working. Its messages and tool results are kept.",
      finishedAt: new Date(),
      revision: { increment: 1 },
    },
  });
}
