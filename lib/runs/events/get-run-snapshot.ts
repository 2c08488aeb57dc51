import "server-only";
import { z } from "zod";
import { parseRunPlanState } from "@/lib/agent/planning/run-plan-state";
import { type ApprovalRecord, ranArgsOf } from "@/lib/contracts/approval-record";
import { type MemoryUsed, memoryUsedSchema } from "@/lib/contracts/memory";
import type { RunSnapshot, ToolCall } from "@/lib/contracts/run-snapshot";
import { isRunBusy } from "@/lib/contracts/run-status";
import { findRunSnapshotForOwner } from "@/lib/db/queries/runs";
import { NotFoundError } from "@/lib/errors/http-errors";
import { summariseRunSkills } from "@/lib/skills/summarise-run-skills";
import { readRunUsage } from "@/lib/usage/read-run-usages";
import { storedRunBudget } from "../budget/resolve-run-budget";

/** The saved state of a run (docs/api.md `GET /api/runs/{run_id}`): what a client rebuilds from. */
export async function getRunSnapshot(input: {
  ownerId: string;
  runId: string;
}): Promise<RunSnapshot> {
  const run = await findRunSnapshotForOwner(input);
  if (!run) throw new NotFoundError("Run", { run_id: input.runId });
  const pending = run.approvals.find((approval) => approval.pendingRunId !== null);
  const usage = await readRunUsage({ ownerId: input.ownerId, run });
  return {
    run_id: run.id,
    session_id: run.sessionId,
    run_status: run.runStatus,
    execution_stopped: run.executionStopped,
    terminal_persisted: run.terminalPersisted,
    cancel_status: run.cancelStatus,
    execution_generation: run.executionGeneration,
    revision: run.revision,
    can_send: !isRunBusy(run),
    model: run.modelName,
    options: run.options,
    partial_text: run.partialText,
    // The plan as last saved (goal, steps with status, progress) and the staged reasoning, so a
    // refreshed page redraws the checklist and the reasoning block without the events.
    plan: parseRunPlanState(run.plan)?.plan ?? null,
    reasoning: run.reasoning,
    error: run.errorCode ? { code: run.errorCode, message: run.errorMessage } : null,
    messages: run.messages.map((message) => ({
      message_id: message.id,
      role: message.role as RunSnapshot["messages"][number]["role"],
      parts: message.parts as RunSnapshot["messages"][number]["parts"],
      position: message.position,
      created_at: message.createdAt.toISOString(),
    })),
    tool_calls: run.toolCalls.map((call) => ({
      tool_call_id: call.toolCallId,
      tool_name: call.toolName,
      args: call.args as ToolCall["args"],
      status: call.status,
      success: call.success,
      result: call.result as ToolCall["result"],
      summary: call.summary,
      error_code: call.errorCode,
      blocked_by: call.blockedBy,
      execution_generation: call.executionGeneration,
      turn_index: call.turnIndex,
      batch_index: call.batchIndex,
      started_at: call.startedAt?.toISOString() ?? null,
      finished_at: call.finishedAt?.toISOString() ?? null,
      duration_ms: call.durationMs,
    })),
    pending_approval: pending
      ? {
          tool_call_id: pending.toolCallId,
          tool_name: pending.toolName,
          args: pending.proposedArgs,
          preview: pending.preview ?? null,
          execution_generation: pending.executionGeneration,
          created_at: pending.createdAt.toISOString(),
        }
      : null,
    // The limits in force, and whether one of them ended the run.
    budget: storedRunBudget(run.budget),
    stop_reason: run.stopReason === "budget" ? "budget" : null,
    // Decided steps (AP-3): what was proposed, what a reviewer patched in, what ran.
    approvals: run.approvals.flatMap(approvalRecordOf),
    // Enough for a refreshed tool card to redraw its progress bar without the events.
    jobs: run.jobs.map((job) => ({
      job_id: job.id,
      kind: job.kind,
      status: job.status,
      tool_call_id: job.toolCallId,
      parent_job_id: job.parentJobId,
      child_job_id: job.childJobId,
      error: job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "" } : null,
      last_progress: job.progress[0] ?? null,
    })),
    // The learning-store records this run's prompt carried (MEM-1): "why did it do that?".
    memories_used: memoriesUsedOf(run.memoriesUsed),
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    replaces_run_id: run.replacesRunId,
    replaced_by_run_id: run.replacedBy[0]?.id ?? null,
    // Offered skills ({name, source, version}) with `read` for those the run read (SK-1).
    skills: summariseRunSkills({ offered: run.offeredSkills, toolCalls: run.toolCalls }),
    usage,
  };
}

function approvalRecordOf(approval: {
  toolCallId: string;
  toolName: string;
  decision: ApprovalRecord["decision"] | null;
  proposedArgs: unknown;
  patchedArgs: unknown;
  reason: string | null;
  executionGeneration: number;
  decidedAt: Date | null;
}): ApprovalRecord[] {
  if (approval.decision === null) return [];
  const proposedArgs = argsOf(approval.proposedArgs) ?? {};
  const patchedArgs = argsOf(approval.patchedArgs);
  return [
    {
      tool_call_id: approval.toolCallId,
      tool_name: approval.toolName,
      decision: approval.decision,
      proposed_args: proposedArgs,
      patched_args: patchedArgs,
      ran_args: ranArgsOf({ decision: approval.decision, proposedArgs, patchedArgs }),
      reason: approval.reason,
      execution_generation: approval.executionGeneration,
      decided_at: approval.decidedAt?.toISOString() ?? null,
    },
  ];
}

function argsOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function memoriesUsedOf(value: unknown): MemoryUsed[] {
  return z.array(memoryUsedSchema).safeParse(value).data ?? [];
}
