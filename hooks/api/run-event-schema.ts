import { z } from "zod";

const envelope = {
  run_id: z.string(),
  seq: z.number().int(),
  execution_generation: z.number().int().optional(),
};

/**
 * Events of a run's stream (CONTRACT.md "SSE events"; the server's types are in
 * lib/runs/run-event.ts). Only the fields the page reads are required.
 */
export const runEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("run_started"), ...envelope }),
  z.object({ type: z.literal("text_delta"), text: z.string(), ...envelope }),
  z.object({ type: z.literal("reasoning_delta"), text: z.string(), ...envelope }),
  z.object({ type: z.literal("plan_updated"), steps: z.array(z.unknown()), ...envelope }),
  z.object({
    type: z.literal("tool_started"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    args: z.record(z.string(), z.unknown()).nullish(),
    ...envelope,
  }),
  z.object({
    type: z.literal("tool_completed"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    success: z.boolean(),
    status: z.string(),
    error_code: z.string().nullish(),
    summary: z.string().nullish(),
    duration_ms: z.number().nullish(),
    ...envelope,
  }),
  z.object({
    type: z.literal("tool_blocked"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    error_code: z.string(),
    blocked_by: z.array(z.string()),
    ...envelope,
  }),
  z.object({
    type: z.literal("approval_required"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    args: z.record(z.string(), z.unknown()).nullish(),
    ...envelope,
  }),
  z.object({
    type: z.literal("job_progress"),
    job_id: z.string(),
    progress_seq: z.number(),
    stage: z.string(),
    pct: z.number(),
    message: z.string(),
    ...envelope,
  }),
  z.object({ type: z.literal("run_paused"), ...envelope }),
  z.object({ type: z.literal("run_completed"), ...envelope }),
  z.object({ type: z.literal("run_cancelled"), ...envelope }),
  z.object({
    type: z.literal("run_error"),
    code: z.string(),
    message: z.string(),
    ...envelope,
  }),
]);

export type RunEvent = z.infer<typeof runEventSchema>;

/** Event types after which the server ends the stream. */
export const terminalRunEventTypes: ReadonlySet<RunEvent["type"]> = new Set([
  "run_paused",
  "run_completed",
  "run_cancelled",
  "run_error",
]);
