import { isDeepStrictEqual } from "node:util";
import type { ApprovalDecision, Prisma } from "@/generated/prisma/client";
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
  | { kind: "conflict"; reason: string; details: Record<string, unknown> }
  | { kind: "repeat"; generation: number; running: boolean }
  | { kind: "accepted"; generation: number; lastEventSeq: number };

/**
 * Applies a decision to a run's pause record (AP-3, AP-4) in one short transaction under the
 * session lock: the authoritative pause record is re-read there and must match run, tool call and
 * tool name, and the run must be a saved, executor-stopped pause. Accepting it closes the pause
 * and opens the next execution generation; the same decision again finds it closed and is
 * answered as a repeat, so it never executes twice.
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
    if (!pending) {
      const decided = await transaction.approval.findFirst({
        where: { runId: input.runId, toolCallId: input.toolCallId, decision: { not: null } },
        orderBy: { executionGeneration: "desc" },
      });
      const same =
        decided &&
        decided.toolName === input.toolName &&
        decided.decision === input.decision &&
        isDeepStrictEqual(decided.patchedArgs ?? undefined, input.patchedArgs ?? undefined);
      if (same) {
        return {
          kind: "repeat",
          generation: run.executionGeneration,
          running: run.runStatus === "preparing" || run.runStatus === "running",
        };
      }
      return {
        kind: "conflict",
        reason: decided
          ? "This approval was already decided differently and the run has moved on."
          : "This run is not waiting for an approval.",
        details: { run_status: run.runStatus, execution_generation: run.executionGeneration },
      };
    }
    if (pending.toolCallId !== input.toolCallId || pending.toolName !== input.toolName) {
      return {
        kind: "conflict",
        reason: "The run waits for a different tool call.",
        details: { pending_tool_call_id: pending.toolCallId, pending_tool_name: pending.toolName },
      };
    }
    const stablyPaused =
      run.runStatus === "paused" &&
      run.executionStopped &&
      run.terminalPersisted &&
      pending.executionGeneration === run.executionGeneration;
    if (!stablyPaused) {
      return {
        kind: "conflict",
        reason: "The pause is not saved yet or belongs to an older phase.",
        details: { run_status: run.runStatus, execution_generation: run.executionGeneration },
      };
    }
    if (run.checkpoint === null) {
      // Paused by a version that saved no checkpoint: continuing would have to guess the turn.
      return {
        kind: "conflict",
        reason:
          "This pause cannot be continued (it has no saved checkpoint); stop the run and ask again.",
        details: { run_status: run.runStatus },
      };
    }
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
