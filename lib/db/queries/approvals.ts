import type { ApprovalDecision, Prisma } from "@/generated/prisma/client";
import {
  type ApprovalTransition,
  decideApprovalTransition,
} from "@/lib/runs/decide-approval-transition";
import { getDb } from "../client";
import { lockSession } from "./session-lock";

export type ApprovalDecisionInput = {
  ownerId: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  decision: ApprovalDecision;
  patchedArgs?: Record<string, unknown>;
  reason?: string;
  executorId: string;
  /** Checks `patched_args` against the tool's schema; throws to refuse (nothing is written). */
  validatePatchedArgs: (schema: unknown, args: Record<string, unknown>) => void;
};

export type ApprovalDecisionResult =
  | { kind: "not_found" }
  | Exclude<ApprovalTransition, { kind: "continue" }>
  | { kind: "accepted"; generation: number; lastEventSeq: number };

/**
 * Applies a decision to a run's pause record (AP-3, AP-4) in one short transaction under the
 * session lock: the authoritative pause record is re-read there and judged by
 * `decideApprovalTransition`. Accepting it closes the pause and opens the next execution
 * generation; the same decision again finds it closed and is answered as a repeat, so it never
 * executes twice.
 */
export async function applyApprovalDecision(
  input: ApprovalDecisionInput,
): Promise<ApprovalDecisionResult> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const owned = await transaction.run.findFirst({
      where: { id: input.runId, ownerId: input.ownerId },
      select: { sessionId: true },
    });
    if (!owned) return { kind: "not_found" };
    await lockSession(transaction, input.ownerId, owned.sessionId);
    const run = await transaction.run.findUniqueOrThrow({
      where: { id: input.runId },
      select: {
        runStatus: true,
        executionGeneration: true,
        executionStopped: true,
        terminalPersisted: true,
        lastEventSeq: true,
        checkpoint: true,
      },
    });
    const pending = await transaction.approval.findUnique({ where: { pendingRunId: input.runId } });
    // The decided record matters only when nothing is pending (a repeat of the same decision).
    const decided = pending
      ? null
      : await transaction.approval.findFirst({
          where: { runId: input.runId, toolCallId: input.toolCallId, decision: { not: null } },
          orderBy: { executionGeneration: "desc" },
        });
    const transition = decideApprovalTransition({
      rows: { run: { ...run, hasCheckpoint: run.checkpoint !== null }, pending, decided },
      request: input,
    });
    if (transition.kind !== "continue") return transition;
    if (pending === null) throw new Error("a continue needs the pending approval");
    if (input.decision === "modify") {
      input.validatePatchedArgs(pending.inputSchema, input.patchedArgs ?? {});
    }
    const now = new Date();
    await transaction.approval.update({
      where: { id: pending.id },
      data: {
        pendingRunId: null,
        decision: input.decision,
        patchedArgs:
          input.decision === "modify"
            ? (JSON.parse(JSON.stringify(input.patchedArgs)) as Prisma.InputJsonValue)
            : undefined,
        reason: input.reason ?? null,
        decidedAt: now,
        continuedAt: now,
      },
    });
    const next = await transaction.run.update({
      where: { id: input.runId },
      data: {
        runStatus: "preparing",
        executionGeneration: { increment: 1 },
        executionStopped: false,
        terminalPersisted: false,
        executorId: input.executorId,
        heartbeatAt: now,
        revision: { increment: 1 },
      },
      select: { executionGeneration: true },
    });
    return {
      kind: "accepted",
      generation: next.executionGeneration,
      lastEventSeq: run.lastEventSeq,
    };
  });
}
