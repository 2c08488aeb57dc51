import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { ApprovalDecision } from "@/lib/contracts/approval-record";
import type { JsonInput, Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

// Pause records (AP-1…AP-4): plain reads and writes inside a caller's transaction. The
// workflows that judge them are lib/runs/approvals/record-approval-decision.ts (a decision),
// lib/runs/cancel/record-cancel.ts (a cancelled pause) and lib/runs/final-state/merge-run-final-state.ts (a pause).

function json(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

/** The run's open pause record, if any. */
export async function findPendingApproval(transaction: Transaction, runId: string) {
  return transactionClient(transaction).approval.findUnique({ where: { pendingRunId: runId } });
}

/** The latest decided pause record of one tool call of the run, if any. */
export async function findDecidedApproval(
  transaction: Transaction,
  input: { runId: string; toolCallId: string },
) {
  return transactionClient(transaction).approval.findFirst({
    where: { runId: input.runId, toolCallId: input.toolCallId, decision: { not: null } },
    orderBy: { executionGeneration: "desc" },
  });
}

/** Closes a pause record with its decision: the run continues from it. */
export async function saveApprovalDecision(
  transaction: Transaction,
  input: {
    approvalId: string;
    decision: ApprovalDecision;
    /** Written only for a `modify`. */
    patchedArgs?: JsonInput;
    reason: string | null;
    now: Date;
  },
): Promise<void> {
  await transactionClient(transaction).approval.update({
    where: { id: input.approvalId },
    data: {
      pendingRunId: null,
      decision: input.decision,
      patchedArgs: input.patchedArgs,
      reason: input.reason,
      decidedAt: input.now,
      continuedAt: input.now,
    },
  });
}

/** Closes a pause record without a decision (the run was cancelled while it waited). */
export async function closePendingApproval(
  transaction: Transaction,
  input: { approvalId: string; reason: string },
): Promise<void> {
  await transactionClient(transaction).approval.update({
    where: { id: input.approvalId },
    data: { pendingRunId: null, reason: input.reason },
  });
}

/** Opens the pause record of a run phase once (by run, tool call and generation). */
export async function openPendingApproval(
  transaction: Transaction,
  input: {
    runId: string;
    generation: number;
    toolCallId: string;
    toolName: string;
    proposedArgs: unknown;
    inputSchema?: unknown;
    preview?: unknown;
  },
): Promise<void> {
  await transactionClient(transaction).approval.upsert({
    where: {
      runId_toolCallId_executionGeneration: {
        runId: input.runId,
        toolCallId: input.toolCallId,
        executionGeneration: input.generation,
      },
    },
    create: {
      runId: input.runId,
      pendingRunId: input.runId,
      toolCallId: input.toolCallId,
      toolName: input.toolName,
      proposedArgs: json(input.proposedArgs),
      inputSchema: input.inputSchema ? json(input.inputSchema) : undefined,
      preview: input.preview === undefined ? undefined : json(input.preview),
      executionGeneration: input.generation,
    },
    update: {},
  });
}
