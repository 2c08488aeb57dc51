import "server-only";
import type { Prisma, RerunStatus, RerunTrigger } from "@/generated/prisma/client";
import { getDb } from "../client";

// Re-runs of a conversation on new data: the record, its new session and its turns.

/** A re-run with its original conversation's title, only if it belongs to the owner. */
export async function findRerunForOwner(input: { ownerId: string; rerunId: string }) {
  const db = await getDb();
  return db.rerun.findFirst({
    where: { id: input.rerunId, ownerId: input.ownerId },
    include: { originalSession: { select: { title: true } } },
  });
}

/** The re-run a start_request_id already made for this conversation, if any. */
export async function findRerunByStartRequest(input: {
  ownerId: string;
  originalSessionId: string;
  startRequestId: string;
}) {
  const db = await getDb();
  return db.rerun.findFirst({
    where: {
      ownerId: input.ownerId,
      originalSessionId: input.originalSessionId,
      startRequestId: input.startRequestId,
    },
  });
}

/**
 * Creates the new session and the re-run record together, unless this start_request_id made
 * one already (then that one is answered, `created: false`). The advisory lock makes two
 * concurrent first attempts agree on one re-run.
 */
export async function insertRerunWithSession(input: {
  ownerId: string;
  projectId: string;
  originalSessionId: string;
  startRequestId: string;
  requestFingerprint: string;
  trigger: RerunTrigger;
  title: string;
  /** The new session's state: which revision each dataset is held to. */
  sessionState: Prisma.InputJsonValue;
  activeDatasetId: string | null;
  datasetId: string | null;
  revision: number | null;
  originalRevision: number | null;
  revisionPins: Prisma.InputJsonValue;
  modelName: string;
  watchId?: string;
  turns: Prisma.InputJsonValue;
}) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await transaction.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`rerun:${input.originalSessionId}:${input.startRequestId}`}))`;
    const existing = await transaction.rerun.findFirst({
      where: { originalSessionId: input.originalSessionId, startRequestId: input.startRequestId },
    });
    if (existing) return { created: false as const, rerun: existing };
    const session = await transaction.session.create({
      data: {
        ownerId: input.ownerId,
        projectId: input.projectId,
        title: input.title,
        state: input.sessionState,
        activeDatasetId: input.activeDatasetId,
      },
      select: { id: true },
    });
    const rerun = await transaction.rerun.create({
      data: {
        ownerId: input.ownerId,
        projectId: input.projectId,
        originalSessionId: input.originalSessionId,
        sessionId: session.id,
        trigger: input.trigger,
        datasetId: input.datasetId,
        revision: input.revision,
        originalRevision: input.originalRevision,
        revisionPins: input.revisionPins,
        modelName: input.modelName,
        startRequestId: input.startRequestId,
        requestFingerprint: input.requestFingerprint,
        watchId: input.watchId,
        turns: input.turns,
      },
    });
    return { created: true as const, rerun };
  });
}

/** Names the job that drives the re-run. */
export async function recordRerunJob(input: { rerunId: string; jobId: string }) {
  const db = await getDb();
  await db.rerun.update({ where: { id: input.rerunId }, data: { jobId: input.jobId } });
}

/** Marks a queued re-run running (a resumed one keeps its first start time). */
export async function markRerunRunning(input: { rerunId: string }) {
  const db = await getDb();
  await db.rerun.updateMany({
    where: { id: input.rerunId, status: { in: ["queued", "running"] } },
    data: { status: "running", startedAt: new Date() },
  });
}

/** Saves the turns as they stand (each answered turn with its comparison). */
export async function saveRerunTurns(input: { rerunId: string; turns: Prisma.InputJsonValue }) {
  const db = await getDb();
  await db.rerun.update({ where: { id: input.rerunId }, data: { turns: input.turns } });
}

/** Ends a re-run: `done`, or `failed` with the reason in one sentence. */
export async function finishRerun(input: {
  rerunId: string;
  status: Extract<RerunStatus, "done" | "failed">;
  errorMessage?: string;
}) {
  const db = await getDb();
  await db.rerun.update({
    where: { id: input.rerunId },
    data: { status: input.status, errorMessage: input.errorMessage, finishedAt: new Date() },
  });
}

/** The re-runs of one project of the owner, newest first. */
export async function listRerunsForProject(input: { ownerId: string; projectId: string }) {
  const db = await getDb();
  return db.rerun.findMany({
    where: { ownerId: input.ownerId, projectId: input.projectId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    include: { originalSession: { select: { title: true } } },
    take: 200,
  });
}

/** Names of datasets by id (the owner's only), for the re-run's revision. */
export async function findRerunDatasetNames(input: { ownerId: string; datasetIds: string[] }) {
  if (input.datasetIds.length === 0) return new Map<string, string>();
  const db = await getDb();
  const rows = await db.dataset.findMany({
    where: { ownerId: input.ownerId, id: { in: input.datasetIds } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A conversation's runs in order, each with its question, answer and succeeded tool results —
 * what a re-run asks again and compares with. Runs an edit replaced are left out: the edit is
 * the turn.
 */
export async function listConversationTurnsForRerun(input: { ownerId: string; sessionId: string }) {
  const db = await getDb();
  return db.run.findMany({
    where: { ownerId: input.ownerId, sessionId: input.sessionId, replacedBy: { none: {} } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      runStatus: true,
      options: true,
      attachments: true,
      finalText: true,
      partialText: true,
      messages: {
        where: { role: "user" },
        orderBy: { position: "asc" },
        take: 1,
        select: { parts: true },
      },
      toolCalls: {
        where: { success: true },
        orderBy: [{ executionGeneration: "asc" }, { turnIndex: "asc" }, { batchIndex: "asc" }],
        select: { toolName: true, args: true, result: true },
      },
    },
  });
}

/** One run's outcome for a re-run's comparison: its status, answer and succeeded tool results. */
export async function findRunOutcomeForRerun(input: { ownerId: string; runId: string }) {
  const db = await getDb();
  return db.run.findFirst({
    where: { id: input.runId, ownerId: input.ownerId },
    select: {
      id: true,
      runStatus: true,
      terminalPersisted: true,
      finalText: true,
      partialText: true,
      toolCalls: {
        where: { success: true },
        orderBy: [{ executionGeneration: "asc" }, { turnIndex: "asc" }, { batchIndex: "asc" }],
        select: { toolName: true, args: true, result: true },
      },
    },
  });
}
