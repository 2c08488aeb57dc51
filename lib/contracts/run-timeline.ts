import { z } from "zod";

// Client-safe: `GET /api/runs/{run_id}/timeline` answers this shape (lib/runs/timeline builds it
// from the saved model calls, tool calls and jobs) and the chat's Timeline parses it.

/** What a bar of the timeline stands for. */
export const timelineEntryKinds = ["model_call", "tool_call", "job"] as const;

/**
 * One bar: a model call (named by its model), a tool call (its tool) or a job (its kind).
 * `finished_at` and `duration_ms` are null while it still runs. `parent` is the tool call id a
 * job was started by; `id` is the tool call's or job's own id (a model call has none).
 */
export const timelineEntrySchema = z.object({
  kind: z.enum(timelineEntryKinds),
  id: z.string().nullable(),
  name: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nonnegative().nullable(),
  parent: z.string().nullable().optional(),
});

export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** `GET /api/runs/{run_id}/timeline`: the run's bars, in the order they started. */
export const runTimelineSchema = z.object({
  run_id: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  entries: z.array(timelineEntrySchema),
});

export type RunTimeline = z.infer<typeof runTimelineSchema>;
