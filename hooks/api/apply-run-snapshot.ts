import type { RunSnapshot, ToolCall } from "@/lib/contracts/run-snapshot";
import { finishedRunStatuses } from "@/lib/contracts/run-status";
import { summarizeEnvelope } from "@/lib/contracts/tool-envelope-summary";
import { argsObjectOf } from "./args-object-of";
import type {
  BudgetStop,
  DecidedApproval,
  JobProgressState,
  PendingApproval,
  RunView,
  ToolCardState,
} from "./run-view";

function cardStatusOf(call: ToolCall): string {
  // A record written when the call began and not finished yet.
  if (call.status === "started" || call.status === "pending") return "running";
  return call.status;
}

function callOrder(call: ToolCall): number[] {
  return [call.execution_generation ?? 0, call.turn_index ?? 0, call.batch_index ?? 0];
}

function compareOrder(left: number[], right: number[]): number {
  for (let index = 0; index < left.length; index++) {
    if (left[index] !== right[index]) return left[index] - right[index];
  }
  return 0;
}

function cardFromCall(call: ToolCall, live: ToolCardState | undefined): ToolCardState {
  const savedStatus = cardStatusOf(call);
  // A record saved before the call's end must not undo what its events already said.
  const status =
    savedStatus === "running" && live && live.status !== "running" ? live.status : savedStatus;
  const result = call.result ?? null;
  const summary =
    call.summary ??
    live?.summary ??
    (result
      ? summarizeEnvelope({
          envelope: {
            success: result.success ?? call.success ?? false,
            status: result.status ?? call.status,
            error_code: result.error_code ?? undefined,
            message: result.message ?? undefined,
            data: result.data,
          },
        })
      : null);
  return {
    toolCallId: call.tool_call_id,
    toolName: call.tool_name,
    args: call.args ?? live?.args ?? null,
    status,
    durationMs: call.duration_ms ?? live?.durationMs ?? null,
    summary,
    errorCode: call.error_code ?? result?.error_code ?? live?.errorCode ?? null,
    blockedBy: call.blocked_by ?? live?.blockedBy ?? [],
    result,
  };
}

/** The assistant's answer as saved: the assistant message, else the partial text. */
export function snapshotAnswerText(snapshot: RunSnapshot): string {
  const assistant = snapshot.messages.filter((message) => message.role === "assistant");
  const text = assistant
    .flatMap((message) => message.parts)
    .map((part) => (part.type === "text" && "text" in part ? String(part.text) : ""))
    .join("");
  return text || snapshot.partial_text || "";
}

function pendingFromSnapshot(snapshot: RunSnapshot): PendingApproval | null {
  const pending = snapshot.pending_approval;
  if (!pending) return null;
  return {
    toolCallId: pending.tool_call_id,
    toolName: pending.tool_name,
    args: argsObjectOf(pending.args),
    executionGeneration: pending.execution_generation ?? snapshot.execution_generation,
    preview: pending.preview ?? null,
  };
}

function decisionsFromSnapshot(snapshot: RunSnapshot): DecidedApproval[] | null {
  if (!snapshot.approvals) return null;
  return snapshot.approvals.map((record) => ({
    toolCallId: record.tool_call_id,
    toolName: record.tool_name,
    decision: record.decision,
    proposedArgs: record.proposed_args,
    patchedArgs: record.patched_args,
    reason: record.reason,
  }));
}

// Within one generation a run only moves forward: preparing → running → paused → finished.
function statusRank(status: RunView["runStatus"]): number {
  if (status === null) return -1;
  if (finishedRunStatuses.has(status)) return 3;
  return status === "paused" ? 2 : status === "running" ? 1 : 0;
}

/**
 * The status to show. A snapshot read while the run was still saving must not take back what
 * the events already said (a terminal event, or `run_paused`); a newer generation always wins.
 */
function mergedStatus(view: RunView, snapshot: RunSnapshot): RunView["runStatus"] {
  if (snapshot.execution_generation > view.executionGeneration) return snapshot.run_status;
  return statusRank(view.runStatus) > statusRank(snapshot.run_status)
    ? view.runStatus
    : snapshot.run_status;
}

/**
 * The jobs' bars after a snapshot: a saved job adds its last row and status; a row the events
 * already brought further (higher progress seq) is kept.
 */
function mergedJobs(view: RunView, snapshot: RunSnapshot): JobProgressState[] {
  const byId = new Map(view.jobs.map((job) => [job.jobId, job]));
  for (const job of snapshot.jobs ?? []) {
    const live = byId.get(job.job_id);
    const last = job.last_progress;
    const newer = last && (!live || last.seq > live.progressSeq);
    if (!live && !last) continue;
    byId.set(job.job_id, {
      jobId: job.job_id,
      toolCallId: job.tool_call_id ?? live?.toolCallId ?? null,
      progressSeq: newer ? last.seq : (live?.progressSeq ?? 0),
      stage: newer ? last.stage : (live?.stage ?? ""),
      pct: newer ? last.pct : (live?.pct ?? 0),
      message: newer ? last.message : (live?.message ?? ""),
      status: job.status,
    });
  }
  return [...byId.values()];
}

/**
 * Rebuilds the view from the saved run (EV-2 recovery, and the result data figures link to).
 * Tool cards come from the record in call order; calls the record does not have yet keep their
 * event state. The cursor is left where the events put it: snapshot rows are not events. A
 * snapshot of an older generation than the events already applied (read before a decision was
 * taken) says nothing new and is ignored.
 */
export function applyRunSnapshot(view: RunView, snapshot: RunSnapshot): RunView {
  if (snapshot.execution_generation < view.executionGeneration) return view;
  const liveCards = new Map(view.tools.map((card) => [card.toolCallId, card]));
  const calls = [...snapshot.tool_calls].sort((left, right) =>
    compareOrder(callOrder(left), callOrder(right)),
  );
  const savedIds = new Set(calls.map((call) => call.tool_call_id));
  const tools = [
    ...calls.map((call) => cardFromCall(call, liveCards.get(call.tool_call_id))),
    ...view.tools.filter((card) => !savedIds.has(card.toolCallId)),
  ];
  const savedText = snapshotAnswerText(snapshot);
  const runStatus = mergedStatus(view, snapshot);
  return {
    ...view,
    runStatus,
    // The saved answer is complete once the run is; mid-run the streamed text may be ahead.
    text: savedText.length >= view.text.length ? savedText : view.text,
    tools,
    jobs: mergedJobs(view, snapshot),
    error: snapshot.error
      ? { code: snapshot.error.code, message: snapshot.error.message ?? "" }
      : view.error,
    pendingApproval:
      runStatus === "paused" ? (pendingFromSnapshot(snapshot) ?? view.pendingApproval) : null,
    decisions: decisionsFromSnapshot(snapshot) ?? view.decisions,
    executionGeneration: snapshot.execution_generation,
    // A confirmed stop is final: a snapshot read before the confirmation does not undo it.
    cancelStatus:
      view.cancelStatus === "confirmed"
        ? "confirmed"
        : (snapshot.cancel_status ?? view.cancelStatus),
    pauseSaved:
      runStatus === "paused" &&
      snapshot.run_status === "paused" &&
      snapshot.terminal_persisted &&
      snapshot.execution_stopped,
    hasSnapshot: true,
    budgetStop:
      view.budgetStop ?? (snapshot.stop_reason === "budget" ? budgetStopOf(snapshot) : null),
    // A finished, saved run's plan is final; mid-run the events may be ahead of the last save.
    plan: snapshot.plan && (snapshot.terminal_persisted || !view.plan) ? snapshot.plan : view.plan,
    reasoning:
      (snapshot.reasoning ?? "").length >= view.reasoning.length
        ? (snapshot.reasoning ?? "")
        : view.reasoning,
    usage: snapshot.usage ?? view.usage,
  };
}

/**
 * Which budget ended a run known only from its snapshot (a reload, no budget_exceeded event
 * seen): the one its usage reached. The tool-call limit is met exactly, the token limit after
 * the call that crossed it, the time limit at its end; none reached (or no limits saved)
 * leaves only "a budget".
 */
function budgetStopOf(snapshot: RunSnapshot): BudgetStop {
  const { budget, usage } = snapshot;
  if (budget && usage) {
    if (usage.tool_calls >= budget.max_tool_calls) {
      return { budget: "tool_calls", limit: budget.max_tool_calls };
    }
    if (
      budget.max_tokens !== null &&
      usage.input_tokens + usage.output_tokens >= budget.max_tokens
    ) {
      return { budget: "tokens", limit: budget.max_tokens };
    }
    if (usage.seconds >= budget.max_seconds) {
      return { budget: "seconds", limit: budget.max_seconds };
    }
  }
  return { budget: null, limit: null };
}
