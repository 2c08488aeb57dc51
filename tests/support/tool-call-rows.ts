import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";

// Tests record finished runs with their tool calls directly: what a whole agent run would have
// saved, without running a model.

/** A completed run of the session with the given succeeded tool calls (in call order). */
export async function insertFinishedRunWithCalls(input: {
  ownerId: string;
  projectId: string;
  sessionId: string;
  calls: { toolName: string; data: Record<string, unknown>; summary?: string; startedAt?: Date }[];
}) {
  const db = await getDb();
  const run = await db.run.create({
    data: {
      ownerId: input.ownerId,
      projectId: input.projectId,
      sessionId: input.sessionId,
      startRequestId: randomUUID(),
      requestFingerprint: randomUUID(),
      runStatus: "completed",
      terminalPersisted: true,
      finishedAt: new Date(),
    },
  });
  const toolCallIds: string[] = [];
  for (const [index, call] of input.calls.entries()) {
    const toolCallId = `call-${index}-${randomUUID().slice(0, 8)}`;
    toolCallIds.push(toolCallId);
    const startedAt = call.startedAt ?? new Date();
    await db.toolCall.create({
      data: {
        runId: run.id,
        toolCallId,
        turnIndex: index,
        batchIndex: 0,
        toolName: call.toolName,
        args: {},
        status: "succeeded",
        success: true,
        // JSON-safe by construction: the callers pass plain tool result objects.
        result: JSON.parse(JSON.stringify({ success: true, status: "completed", data: call.data })),
        summary: call.summary ?? `${call.toolName} done`,
        startedAt,
        finishedAt: startedAt,
        durationMs: 1,
      },
    });
  }
  return { runId: run.id, toolCallIds };
}
