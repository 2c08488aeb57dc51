import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { FinalRunStatus } from "@/lib/contracts/run-status";
import { getDb } from "../client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";
import { type ToolCallWrite, toolCallUpsert } from "./tool-call-writes";

// A run's final state (PS-2): plain reads and writes. The merge workflow that decides what is
// saved is lib/runs/final-state/merge-run-final-state.ts.

function json(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

/**
 * Saves the tool calls of a finished batch while the run goes on, so a crash between tools keeps
 * them (PS-4). Idempotent by run + tool call id; the final-state merge writes them again.
 */
export async function saveToolCallProgress(runId: string, calls: ToolCallWrite[]) {
  const db = await getDb();
  await db.$transaction(calls.map((call) => db.toolCall.upsert(toolCallUpsert(runId, call))));
}

/**
 * Saves the plan and the reasoning while the phase goes on, so a reader that lost the events
 * (a restart, a refresh outside the replay window) still finds them in the snapshot. Only the
 * phase's own generation writes: a superseded phase changes nothing (RC-4).
 */
export async function saveRunPlanProgress(input: {
  runId: string;
  generation: number;
  plan: unknown;
  reasoning: string;
}) {
  const db = await getDb();
  await db.run.updateMany({
    where: { id: input.runId, executionGeneration: input.generation, terminalPersisted: false },
    data: {
      ...(input.plan ? { plan: json(input.plan) } : {}),
      reasoning: input.reasoning,
    },
  });
}

/** What a final-state merge is judged against (RC-4), or null when the run is not the owner's. */
export async function readRunForMerge(
  transaction: Transaction,
  input: { runId: string; ownerId: string },
) {
  return transactionClient(transaction).run.findFirst({
    where: { id: input.runId, ownerId: input.ownerId },
    select: { executionGeneration: true, cancelStatus: true, runStatus: true },
  });
}

/** Writes a phase's final state onto the run, as the merge decided it. */
export async function saveRunFinalState(
  transaction: Transaction,
  input: {
    runId: string;
    runStatus: FinalRunStatus;
    partialText: string;
    finalText: string | null;
    errorCode: string | null;
    errorMessage: string | null;
    /** Written when given. */
    checkpoint?: unknown;
    /** Written when given. */
    plan?: unknown;
    reasoning?: string;
    /** "budget" when a budget ended the run. */
    stopReason?: string | null;
    /** What the run used of its budget so far; written when given. */
    budgetUsed?: unknown;
    lastEventSeq: number;
    executionStopped: boolean;
    cancelStatus?: "confirmed" | "stopping";
    finishedAt?: Date;
  },
): Promise<void> {
  const { runId, checkpoint, plan, budgetUsed, ...fields } = input;
  await transactionClient(transaction).run.update({
    where: { id: runId },
    data: {
      ...fields,
      checkpoint: checkpoint === undefined ? undefined : json(checkpoint),
      plan: plan === undefined ? undefined : json(plan),
      budgetUsed: budgetUsed === undefined ? undefined : json(budgetUsed),
      terminalPersisted: true,
      revision: { increment: 1 },
    },
  });
}

/** What the read-back compares with the staged state. */
export async function readRunControlState(runId: string) {
  const db = await getDb();
  return db.run.findUnique({
    where: { id: runId },
    select: {
      runStatus: true,
      executionGeneration: true,
      terminalPersisted: true,
      executionStopped: true,
      _count: { select: { toolCalls: true } },
    },
  });
}
