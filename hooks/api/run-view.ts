import { summarizeEnvelope } from "@/lib/agent/scheduler/summarize-envelope";
import type { UnknownRunEvent } from "./read-run-events";
import type { RunEvent } from "./run-event-schema";
import type { RunSnapshot, ToolCall, ToolResult } from "./run-schema";
import type { RunStatus } from "./session-schema";

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
  result: ToolResult | null;
};

export type JobProgressState = { jobId: string; stage: string; pct: number; message: string };

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
  pendingApproval: { toolCallId: string; toolName: string } | null;
  jobs: JobProgressState[];
  /** Whether the saved snapshot (with result data) has been merged in. */
  hasSnapshot: boolean;
};

export function initialRunView(runId: string): RunView {
  return {
    runId,
    lastSeq: -1,
    runStatus: null,
    text: "",
    tools: [],
    error: null,
    pendingApproval: null,
    jobs: [],
    hasSnapshot: false,
  };
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
  const next: RunView = { ...view, lastSeq: event.seq };
  switch (event.type) {
    case "unknown":
    case "reasoning_delta":
    case "plan_updated":
      return next;
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
          status: event.success ? "succeeded" : "failed",
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
        pendingApproval: { toolCallId: event.tool_call_id, toolName: event.tool_name },
        tools: upsertCard(view.tools, event.tool_call_id, event.tool_name, (card) => ({
          ...card,
          args: event.args ?? card.args,
          status: "awaiting_approval",
        })),
      };
    case "job_progress": {
      const job = {
        jobId: event.job_id,
        stage: event.stage,
        pct: event.pct,
        message: event.message,
      };
      const others = view.jobs.filter((existing) => existing.jobId !== event.job_id);
      return { ...next, jobs: [...others, job] };
    }
    case "run_paused":
      return { ...next, runStatus: "paused" };
    case "run_completed":
      return { ...next, runStatus: "completed" };
    case "run_cancelled":
      return { ...next, runStatus: "cancelled" };
    case "run_error":
      return {
        ...next,
        runStatus: "error",
        error: { code: event.code, message: event.message },
      };
  }
}

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
    status: cardStatusOf(call),
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

/**
 * Rebuilds the view from the saved run (EV-2 recovery, and the result data figures link to).
 * Tool cards come from the record in call order; calls the record does not have yet keep their
 * event state. The cursor is left where the events put it: snapshot rows are not events.
 */
export function applyRunSnapshot(view: RunView, snapshot: RunSnapshot): RunView {
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
  const pending = snapshot.pending_approval;
  return {
    ...view,
    runStatus: snapshot.run_status,
    // The saved answer is complete once the run is; mid-run the streamed text may be ahead.
    text: savedText.length >= view.text.length ? savedText : view.text,
    tools,
    error: snapshot.error
      ? { code: snapshot.error.code, message: snapshot.error.message ?? "" }
      : view.error,
    pendingApproval: pending
      ? { toolCallId: pending.tool_call_id, toolName: pending.tool_name }
      : null,
    hasSnapshot: true,
  };
}
