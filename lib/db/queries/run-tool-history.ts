import "server-only";
import { getDb } from "../client";

/**
 * The succeeded tool calls of the session's latest earlier run that had any, in call order:
 * what "save this analysis as a skill" builds from (earlier runs' calls are not replayed to the
 * model as messages).
 */
export async function listPreviousRunToolCalls(input: {
  sessionId: string;
  beforeRunId: string;
  excludeToolNames: string[];
}) {
  const db = await getDb();
  const current = await db.run.findUnique({
    where: { id: input.beforeRunId },
    select: { createdAt: true },
  });
  if (!current) return [];
  const run = await db.run.findFirst({
    where: {
      sessionId: input.sessionId,
      id: { not: input.beforeRunId },
      createdAt: { lt: current.createdAt },
      toolCalls: { some: { success: true, toolName: { notIn: input.excludeToolNames } } },
    },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      toolCalls: {
        where: { success: true, toolName: { notIn: input.excludeToolNames } },
        orderBy: [{ executionGeneration: "asc" }, { turnIndex: "asc" }, { batchIndex: "asc" }],
        select: { toolName: true, args: true },
        take: 30,
      },
    },
  });
  return run
    ? run.toolCalls.map((call) => ({ runId: run.id, toolName: call.toolName, args: call.args }))
    : [];
}

/**
 * The session's latest earlier run (an edited-away turn skipped, as in the history) with its
 * partial answer and every tool call in call order — only when its status is one of
 * `statuses`, else null: what an interrupted run's carry-over is built from (MEM-4).
 */
export async function findPreviousRunIfStatus(input: {
  sessionId: string;
  beforeRunId: string;
  statuses: ReadonlySet<string>;
}) {
  const db = await getDb();
  // findFirst, not findUnique: Prisma batches same-tick findUnique calls (the run's context is
  // read in parallel) into one transaction, which a busy machine can fail to start in time.
  const current = await db.run.findFirst({
    where: { id: input.beforeRunId },
    select: { createdAt: true },
  });
  if (!current) return null;
  const previous = await db.run.findFirst({
    where: {
      sessionId: input.sessionId,
      id: { not: input.beforeRunId },
      createdAt: { lt: current.createdAt },
      replacedBy: { none: {} },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, runStatus: true },
  });
  if (!previous || !input.statuses.has(previous.runStatus)) return null;
  return db.run.findFirst({
    where: { id: previous.id },
    select: {
      id: true,
      runStatus: true,
      partialText: true,
      toolCalls: {
        orderBy: [{ executionGeneration: "asc" }, { turnIndex: "asc" }, { batchIndex: "asc" }],
        select: {
          toolCallId: true,
          toolName: true,
          args: true,
          status: true,
          success: true,
          result: true,
          summary: true,
        },
      },
    },
  });
}
