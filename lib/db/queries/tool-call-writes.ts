import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { StoredOutcome } from "@/lib/contracts/run-checkpoint";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

/** One tool call of a run as it is saved: its outcome and its place in the run. */
export type ToolCallWrite = StoredOutcome & {
  executionGeneration: number;
  turnIndex: number;
  batchIndex: number;
  summary: string | null;
};

function json(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

/** The idempotent write of one tool call, by run + tool call id. */
export function toolCallUpsert(runId: string, call: ToolCallWrite) {
  const fields = {
    executionGeneration: call.executionGeneration,
    turnIndex: call.turnIndex,
    batchIndex: call.batchIndex,
    toolName: call.toolName,
    args: json(call.args),
    status: call.status,
    success: call.envelope?.success ?? null,
    result: call.envelope ? json(call.envelope) : undefined,
    summary: call.summary,
    errorCode: call.errorCode ?? null,
    blockedBy: call.blockedBy ?? [],
    startedAt: call.startedAt ? new Date(call.startedAt) : null,
    finishedAt: call.finishedAt ? new Date(call.finishedAt) : null,
    durationMs: call.durationMs ?? null,
  };
  return {
    where: { runId_toolCallId: { runId, toolCallId: call.toolCallId } },
    create: { runId, toolCallId: call.toolCallId, ...fields },
    update: fields,
  };
}

/** Saves one tool call inside a caller's transaction (idempotent by run + tool call id). */
export async function upsertToolCall(
  transaction: Transaction,
  input: { runId: string; call: ToolCallWrite },
): Promise<void> {
  await transactionClient(transaction).toolCall.upsert(toolCallUpsert(input.runId, input.call));
}

/** Marks a gated call that never ran cancelled (its card no longer waits for approval). */
export async function cancelAwaitingToolCall(
  transaction: Transaction,
  input: { runId: string; toolCallId: string; now: Date },
): Promise<void> {
  await transactionClient(transaction).toolCall.updateMany({
    where: { runId: input.runId, toolCallId: input.toolCallId, status: "awaiting_approval" },
    data: { status: "cancelled", finishedAt: input.now },
  });
}
