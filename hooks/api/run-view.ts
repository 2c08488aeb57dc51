import type { BudgetKind } from "@/lib/contracts/run-budget";
import type { RunEvent, RunPlan } from "@/lib/contracts/run-event";
import type { RunStatus } from "@/lib/contracts/run-status";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { RunUsage } from "@/lib/contracts/usage";
import { argsObjectOf } from "./args-object-of";
import type { UnknownRunEvent } from "./read-run-events";

/** What a tool card shows about one call. */
export type ToolCardState = {
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown> | null;
  /** running · succeeded · failed · blocked · awaiting_approval · cancelled (or a newer one). */
  status: string;
  durationMs: number | null;
  summary: string | null;
  errorCode: string | null;
  /** Tool call ids of the prerequisites that let this call down (DAG-4). */
  blockedBy: string[];
  /** The full envelope, known once the run record has it (events carry only the summary). */
  result: ToolEnvelope | null;
};

/**
 * A job's latest progress as a bar shows it: from `job_progress` events, or from the snapshot's
 * `jobs` after a refresh. `progressSeq` is the job's own cursor (the newer row wins a merge);
 * `toolCallId` puts the bar on that call's card (null: shown under the run).
 */
export type JobProgressState = {
  jobId: string;
  toolCallId: string | null;
  progressSeq: number;
  stage: string;
  pct: number;
  message: string;
  /** queued · running · done · failed · cancelled, when the snapshot said; null from events. */
  status: string | null;
};

/** The step a paused run waits on, as the approval card shows it (AP-2). */
export type PendingApproval = {
  toolCallId: string;
  toolName: string;
  /** The recorded arguments; a plain approval runs exactly these (AP-3). */
  args: Record<string, unknown> | null;
  /** The generation that paused; events of a later one mean the decision was taken. */
  executionGeneration: number | null;
  /** For an optimisation commit: the preview of the same operations (its `data`), else null. */
  preview: unknown;
};

/**
 * A decided step as the page shows it after the run moved on (AP-3): the call, what the model
 * proposed, and for `modify` the reviewer's arguments, which are the ones that ran.
 */
export type DecidedApproval = {
  toolCallId: string;
  toolName: string;
  decision: "approve" | "reject" | "modify";
  proposedArgs: Record<string, unknown>;
  patchedArgs: Record<string, unknown> | null;
  reason: string | null;
};

/** A run as the page draws it, built from events and/or the saved snapshot. */
export type RunView = {
  runId: string;
  /** The last event seq applied; -1 before any. Snapshots never move it (EV-2). */
  lastSeq: number;
  runStatus: RunStatus | null;
  text: string;
  /** In call order. */
  tools: ToolCardState[];
  error: { code: string; message: string } | null;
  pendingApproval: PendingApproval | null;
  /** Decisions the saved run records, in the order the steps paused (from the snapshot). */
  decisions: DecidedApproval[];
  jobs: JobProgressState[];
  /** The newest execution generation seen (1 at start, +1 per approval continue, RC-4). */
  executionGeneration: number;
  /** `none` · `requested` · `stopping` · `confirmed` · `not_confirmed`, once a snapshot said. */
  cancelStatus: string | null;
  /**
   * The pause is saved and the executor stopped (the snapshot said so): only then does the
   * server accept a decision (AP-4), so the approval card waits for it.
   */
  pauseSaved: boolean;
  /** Whether the saved snapshot (with result data) has been merged in. */
  hasSnapshot: boolean;
  /** The run's plan as last sent (`plan_updated`) or saved; null while it keeps none. */
  plan: RunPlan | null;
  /** The staged reasoning so far (`reasoning_delta`, or the saved text). */
  reasoning: string;
  /** What the run used, as the last snapshot said; null before one was merged. */
  usage: RunUsage | null;
  /**
   * The budget that ended the run (`budget_exceeded`); a saved run whose events were not seen
   * knows only that a budget did (`stop_reason`), so budget and limit are then null.
   */
  budgetStop: BudgetStop | null;
};

export type BudgetStop = { budget: BudgetKind | null; limit: number | null };

export function initialRunView(runId: string): RunView {
  return {
    runId,
    lastSeq: -1,
    runStatus: null,
    text: "",
    tools: [],
    error: null,
    pendingApproval: null,
    decisions: [],
    jobs: [],
    executionGeneration: 1,
    cancelStatus: null,
    pauseSaved: false,
    hasSnapshot: false,
    plan: null,
    reasoning: "",
    usage: null,
    budgetStop: null,
  };
}

/**
 * The run moved past its pause: an event of a later generation than the paused one, or the
 * awaited call itself starting or finishing (a server that leaves the generation out).
 */
function continuesPastPause(view: RunView, event: RunEvent | UnknownRunEvent): boolean {
  const pending = view.pendingApproval;
  if (!pending || event.type === "unknown") return false;
  const generation = event.execution_generation;
  if (
    generation !== undefined &&
    pending.executionGeneration !== null &&
    generation > pending.executionGeneration
  ) {
    return true;
  }
  return (
    (event.type === "tool_started" ||
      event.type === "tool_completed" ||
      event.type === "tool_blocked") &&
    event.tool_call_id === pending.toolCallId
  );
}

/** The card status a finished call gets: a rejection or cancel keeps its own name. */
function completedStatus(event: { success: boolean; status: string }): string {
  if (event.success) return "succeeded";
  return event.status === "rejected" || event.status === "cancelled" ? event.status : "failed";
}

function emptyCard(toolCallId: string, toolName: string): ToolCardState {
  return {
    toolCallId,
    toolName,
    args: null,
    status: "running",
    durationMs: null,
    summary: null,
    errorCode: null,
    blockedBy: [],
    result: null,
  };
}

function upsertCard(
  tools: ToolCardState[],
  toolCallId: string,
  toolName: string,
  change: (card: ToolCardState) => ToolCardState,
): ToolCardState[] {
  const index = tools.findIndex((card) => card.toolCallId === toolCallId);
  if (index < 0) return [...tools, change(emptyCard(toolCallId, toolName))];
  const next = [...tools];
  next[index] = change(tools[index]);
  return next;
}

/**
 * Applies one stream event. Events at or below the cursor were applied before (a reconnect
 * replays from the cursor, so this only guards against a duplicate) and are ignored.
 */
export function applyRunEvent(view: RunView, event: RunEvent | UnknownRunEvent): RunView {
  if (event.seq <= view.lastSeq) return view;
  const generation = event.type === "unknown" ? undefined : event.execution_generation;
  let next: RunView = {
    ...view,
    lastSeq: event.seq,
    executionGeneration: Math.max(view.executionGeneration, generation ?? 0),
  };
  // A decision was taken (here or in another tab): the same run goes on, same cards (AP-4).
  if (continuesPastPause(view, event)) {
    next = {
      ...next,
      pendingApproval: null,
      pauseSaved: false,
      runStatus: view.runStatus === "paused" ? "running" : view.runStatus,
    };
  }
  switch (event.type) {
    case "unknown":
    // The reader stops at this event before it gets here; a view has nothing to draw from it.
    case "replay_unavailable":
      return next;
    case "reasoning_delta":
      return { ...next, reasoning: view.reasoning + event.text };
    case "plan_updated":
      // Each event carries the whole plan: the newest replaces the one before.
      return {
        ...next,
        plan: { goal: event.goal, steps: event.steps, progress: event.progress },
      };
    case "run_started":
      return { ...next, runStatus: "running" };
    case "text_delta":
      return { ...next, text: view.text + event.text };
    case "tool_started":
      return {
        ...next,
        tools: upsertCard(view.tools, event.tool_call_id, event.tool_name, (card) => ({
          ...card,
          args: event.args ?? card.args,
          status: "running",
        })),
      };
    case "tool_completed":
      return {
        ...next,
        tools: upsertCard(view.tools, event.tool_call_id, event.tool_name, (card) => ({
          ...card,
          status: completedStatus(event),
          summary: event.summary ?? card.summary,
          durationMs: event.duration_ms ?? card.durationMs,
          errorCode: event.error_code ?? null,
        })),
      };
    case "tool_blocked":
      return {
        ...next,
        tools: upsertCard(view.tools, event.tool_call_id, event.tool_name, (card) => ({
          ...card,
          status: "blocked",
          errorCode: event.error_code,
          blockedBy: event.blocked_by,
        })),
      };
    case "approval_required":
      return {
        ...next,
        pendingApproval: {
          toolCallId: event.tool_call_id,
          toolName: event.tool_name,
          args: argsObjectOf(event.args),
          executionGeneration: event.execution_generation ?? null,
          // The preview is not an event field; the snapshot brings it.
          preview: null,
        },
        tools: upsertCard(view.tools, event.tool_call_id, event.tool_name, (card) => ({
          ...card,
          args: event.args ?? card.args,
          status: "awaiting_approval",
        })),
      };
    case "job_progress": {
      const previous = view.jobs.find((existing) => existing.jobId === event.job_id);
      if (previous && previous.progressSeq >= event.progress_seq) return next;
      const job: JobProgressState = {
        jobId: event.job_id,
        toolCallId: event.tool_call_id ?? previous?.toolCallId ?? null,
        progressSeq: event.progress_seq,
        stage: event.stage,
        pct: event.pct,
        message: event.message,
        status: previous?.status ?? null,
      };
      const others = view.jobs.filter((existing) => existing.jobId !== event.job_id);
      return { ...next, jobs: [...others, job] };
    }
    case "budget_exceeded":
      return { ...next, budgetStop: { budget: event.budget, limit: event.limit } };
    case "run_paused":
      return { ...next, runStatus: "paused" };
    case "run_completed":
      return { ...next, runStatus: "completed", pendingApproval: null };
    case "run_cancelled":
      return {
        ...next,
        runStatus: "cancelled",
        // The server sends it only once nothing of the run executes any more (RC-6).
        cancelStatus: "confirmed",
        pendingApproval: null,
        // Nothing runs after a confirmed stop; the saved record may refine each call later.
        tools: next.tools.map((card) =>
          card.status === "running" || card.status === "awaiting_approval"
            ? { ...card, status: "cancelled" }
            : card,
        ),
      };
    case "run_error":
      return {
        ...next,
        runStatus: "error",
        pendingApproval: null,
        error: { code: event.code, message: event.message },
      };
  }
}
