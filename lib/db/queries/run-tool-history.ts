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
