import type { RunTimeline, TimelineEntry } from "@/lib/contracts/run-timeline";

/** A saved model call of the run. */
export type TimelineModelCall = {
  model: string;
  purpose: string;
  startedAt: Date;
  finishedAt: Date;
};

/** A saved tool call of the run that started. */
export type TimelineToolCall = {
  toolCallId: string;
  toolName: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
};

/** A stored `tool_started` / `tool_completed` event with the time it was written. */
export type TimelineToolEvent = { type: string; data: unknown; createdAt: Date };

/** A job the run started. */
export type TimelineJob = {
  id: string;
  kind: string;
  toolCallId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

const kindOrder: Record<TimelineEntry["kind"], number> = { model_call: 0, tool_call: 1, job: 2 };

/**
 * A run's waterfall from what was saved: its model calls, its tool calls (their saved times; a
 * call whose row is not saved yet — its batch still runs — from its stored events) and its jobs
 * (from when a worker took them, else from when they were queued; `parent` is the tool call that
 * started them). Bars are ordered by start, model calls before the tool calls they asked for.
 */
export function buildRunTimeline(input: {
  runId: string;
  startedAt: Date;
  finishedAt: Date | null;
  modelCalls: readonly TimelineModelCall[];
  toolCalls: readonly TimelineToolCall[];
  toolEvents: readonly TimelineToolEvent[];
  jobs: readonly TimelineJob[];
}): RunTimeline {
  const entries: TimelineEntry[] = [];
  for (const call of input.modelCalls) {
    entries.push(
      entry({
        kind: "model_call",
        id: null,
        name: call.purpose === "memory_extraction" ? `${call.model} (memory)` : call.model,
        startedAt: call.startedAt,
        finishedAt: call.finishedAt,
      }),
    );
  }
  const saved = new Set<string>();
  for (const call of input.toolCalls) {
    if (!call.startedAt) continue;
    saved.add(call.toolCallId);
    entries.push(
      entry({
        kind: "tool_call",
        id: call.toolCallId,
        name: call.toolName,
        startedAt: call.startedAt,
        finishedAt: call.finishedAt,
        durationMs: call.durationMs,
      }),
    );
  }
  entries.push(...unsavedToolCalls(input.toolEvents, saved));
  for (const job of input.jobs) {
    entries.push(
      entry({
        kind: "job",
        id: job.id,
        name: job.kind,
        startedAt: job.startedAt ?? job.createdAt,
        finishedAt: job.finishedAt,
        parent: job.toolCallId,
      }),
    );
  }
  entries.sort(
    (a, b) => a.started_at.localeCompare(b.started_at) || kindOrder[a.kind] - kindOrder[b.kind],
  );
  return {
    run_id: input.runId,
    started_at: input.startedAt.toISOString(),
    finished_at: input.finishedAt?.toISOString() ?? null,
    entries,
  };
}

// Calls whose batch is still running have only their events stored so far.
function unsavedToolCalls(
  events: readonly TimelineToolEvent[],
  saved: ReadonlySet<string>,
): TimelineEntry[] {
  const started = new Map<string, { name: string; at: Date }>();
  const completed = new Map<string, { at: Date; durationMs: number | null }>();
  for (const event of events) {
    const data = (event.data ?? {}) as {
      tool_call_id?: unknown;
      tool_name?: unknown;
      duration_ms?: unknown;
    };
    if (typeof data.tool_call_id !== "string" || saved.has(data.tool_call_id)) continue;
    if (event.type === "tool_started" && !started.has(data.tool_call_id)) {
      started.set(data.tool_call_id, {
        name: String(data.tool_name ?? "tool"),
        at: event.createdAt,
      });
    } else if (event.type === "tool_completed") {
      const durationMs = typeof data.duration_ms === "number" ? data.duration_ms : null;
      completed.set(data.tool_call_id, { at: event.createdAt, durationMs });
    }
  }
  return [...started].map(([id, start]) => {
    const end = completed.get(id);
    return entry({
      kind: "tool_call",
      id,
      name: start.name,
      startedAt: start.at,
      finishedAt: end?.at ?? null,
      durationMs: end?.durationMs ?? null,
    });
  });
}

function entry(input: {
  kind: TimelineEntry["kind"];
  id: string | null;
  name: string;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs?: number | null;
  parent?: string | null;
}): TimelineEntry {
  const measured =
    input.durationMs ??
    (input.finishedAt ? input.finishedAt.getTime() - input.startedAt.getTime() : null);
  return {
    kind: input.kind,
    id: input.id,
    name: input.name,
    started_at: input.startedAt.toISOString(),
    finished_at: input.finishedAt?.toISOString() ?? null,
    duration_ms: measured === null ? null : Math.max(0, Math.round(measured)),
    ...(input.parent ? { parent: input.parent } : {}),
  };
}
