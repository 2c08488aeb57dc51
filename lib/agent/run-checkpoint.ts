import type { ModelMessage } from "ai";
import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import type { PlannedToolCall } from "@/lib/agent/tools/tool-descriptor";

/** A tool call outcome as JSON (dates as ISO strings). */
export type StoredOutcome = Omit<ToolCallOutcome, "startedAt" | "finishedAt"> & {
  startedAt?: string;
  finishedAt?: string;
};

/**
 * Where a paused run continues from (AP-4): the model messages of this run so far (after the
 * history window; they end with the assistant message that asked for the gated batch) and that
 * batch's calls and outcomes. A continue rebuilds the conversation exactly from it and re-runs
 * only the decided call: the model keeps seeing the arguments it proposed.
 */
export type RunCheckpoint = {
  turn: number;
  messages: ModelMessage[];
  batch: { calls: PlannedToolCall[]; outcomes: StoredOutcome[] };
};

export function storeOutcome(outcome: ToolCallOutcome): StoredOutcome {
  return JSON.parse(JSON.stringify(outcome)) as StoredOutcome;
}

export function restoreOutcome(stored: StoredOutcome): ToolCallOutcome {
  return {
    ...stored,
    startedAt: stored.startedAt ? new Date(stored.startedAt) : undefined,
    finishedAt: stored.finishedAt ? new Date(stored.finishedAt) : undefined,
  };
}
