import "server-only";
import { getDb } from "../client";

// Tool results are stored as their envelope (`tool_calls.result` = {success, status, data, …}),
// so the calls that produced an artefact or a published file are found by the id in `data`.

/** The call of `toolName` in one of the owner's sessions whose result names `dataKey = value`. */
export async function findToolCallByResultId(input: {
  ownerId: string;
  sessionId: string;
  toolName: string;
  dataKey: "artifact_id" | "file_id";
  value: string;
}) {
  const db = await getDb();
  const rows = await db.$queryRaw<{ runId: string; toolCallId: string; finishedAt: Date | null }[]>`
    SELECT t."runId", t."toolCallId", t."finishedAt"
    FROM tool_calls t JOIN runs r ON r.id = t."runId"
    WHERE r."sessionId" = ${input.sessionId} AND r."ownerId" = ${input.ownerId}
      AND t."toolName" = ${input.toolName}
      AND t.result -> 'data' ->> ${input.dataKey} = ${input.value}
    ORDER BY t."createdAt" ASC LIMIT 1`;
  return rows[0] ?? null;
}

/** Publishing calls of a session, by the file id they published (several ids at once). */
export async function findPublishingCalls(input: {
  ownerId: string;
  sessionId: string;
  fileIds: string[];
}) {
  if (input.fileIds.length === 0) return [];
  const db = await getDb();
  return db.$queryRaw<
    { fileId: string; runId: string; toolCallId: string; finishedAt: Date | null }[]
  >`
    SELECT t.result -> 'data' ->> 'file_id' AS "fileId", t."runId", t."toolCallId", t."finishedAt"
    FROM tool_calls t JOIN runs r ON r.id = t."runId"
    WHERE r."sessionId" = ${input.sessionId} AND r."ownerId" = ${input.ownerId}
      AND t."toolName" = 'workspace_publish_file' AND t.success = true
      AND t.result -> 'data' ->> 'file_id' = ANY(${input.fileIds}::text[])`;
}

/**
 * Succeeded calls of the named tools in one of the owner's sessions, newest first, started no
 * later than `notAfter` (a report can only quote results that existed when it was written). By
 * start time, not row time: a run may write its tool-call rows only when it ends.
 */
export async function listSucceededToolCalls(input: {
  ownerId: string;
  sessionId: string;
  toolNames: string[];
  notAfter: Date;
  limit: number;
}) {
  if (input.toolNames.length === 0) return [];
  const db = await getDb();
  return db.toolCall.findMany({
    where: {
      toolName: { in: input.toolNames },
      success: true,
      run: { sessionId: input.sessionId, ownerId: input.ownerId },
      startedAt: { lte: input.notAfter },
    },
    orderBy: [{ startedAt: "desc" }, { batchIndex: "desc" }],
    take: input.limit,
    select: {
      runId: true,
      toolCallId: true,
      toolName: true,
      summary: true,
      result: true,
      finishedAt: true,
      createdAt: true,
    },
  });
}

/**
 * Per run of the owner's: how many of its tool calls started (ran, or were refused by a check
 * after they were announced). Calls that were blocked or wait for an approval never started.
 */
export async function countStartedToolCalls(input: { ownerId: string; runIds: string[] }) {
  if (input.runIds.length === 0) return [];
  const db = await getDb();
  const groups = await db.toolCall.groupBy({
    by: ["runId"],
    where: {
      runId: { in: input.runIds },
      run: { ownerId: input.ownerId },
      startedAt: { not: null },
    },
    _count: { _all: true },
  });
  return groups.map((group) => ({ runId: group.runId, toolCalls: group._count._all }));
}

/** The tool calls of one of the owner's runs that started, with their saved times. */
export async function listStartedToolCalls(input: { ownerId: string; runId: string }) {
  const db = await getDb();
  return db.toolCall.findMany({
    where: { runId: input.runId, run: { ownerId: input.ownerId }, startedAt: { not: null } },
    orderBy: [{ startedAt: "asc" }, { batchIndex: "asc" }],
    select: {
      toolCallId: true,
      toolName: true,
      startedAt: true,
      finishedAt: true,
      durationMs: true,
    },
  });
}
