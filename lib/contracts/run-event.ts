import { z } from "zod";
import { budgetKinds } from "./run-budget";

// Client-safe: the server types the events it emits from these schemas and the chat page parses
// the stream with them, so both read one definition of docs/api.md's run events.

const toolArgsSchema = z.record(z.string(), z.unknown());

/** Where one step of a run's plan stands. */
export const planStepStatusSchema = z.enum(["pending", "running", "done", "failed", "skipped"]);

export type PlanStepStatus = z.infer<typeof planStepStatusSchema>;

/** One step of a run's plan; `tools` names the tools whose calls carry it out, when known. */
export const planStepSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: planStepStatusSchema,
  tools: z.array(z.string()).optional(),
});

export type PlanStep = z.infer<typeof planStepSchema>;

/**
 * A run's plan as `plan_updated` sends it, the run snapshot's `plan` and the session context's
 * `plan` keep it: the goal, the steps with their status, and how many are done of how many.
 */
export const runPlanSchema = z.object({
  goal: z.string(),
  steps: z.array(planStepSchema),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});

export type RunPlan = z.infer<typeof runPlanSchema>;

/** The payload of each event type (without the envelope fields every event carries). */
export const runEventPayloadSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("run_started") }),
  z.object({ type: z.literal("text_delta"), text: z.string() }),
  z.object({ type: z.literal("reasoning_delta"), text: z.string() }),
  // The whole plan every time it changes (docs/api.md `plan_updated`: the steps, with goal and
  // progress beside the steps), so a reader never has to merge partial updates.
  runPlanSchema.extend({ type: z.literal("plan_updated") }),
  z.object({
    type: z.literal("tool_started"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    args: toolArgsSchema,
  }),
  z.object({
    type: z.literal("tool_completed"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    success: z.boolean(),
    status: z.string(),
    error_code: z.string().optional(),
    summary: z.string(),
    duration_ms: z.number(),
  }),
  z.object({
    type: z.literal("tool_blocked"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    error_code: z.literal("TOOL_DEPENDENCY_BLOCKED"),
    blocked_by: z.array(z.string()),
  }),
  z.object({
    type: z.literal("approval_required"),
    tool_call_id: z.string(),
    tool_name: z.string(),
    args: toolArgsSchema,
  }),
  // `progress_seq` is the job's own cursor (JOB-2); the event still takes the run's next `seq`
  // like any other, so the run's stream has no gaps and neither cursor is derived from the
  // other (EV-4). `tool_call_id` names the call whose card shows the bar (optional in docs/api.md).
  z.object({
    type: z.literal("job_progress"),
    job_id: z.string(),
    progress_seq: z.number().int(),
    stage: z.string(),
    pct: z.number(),
    message: z.string(),
    tool_call_id: z.string().optional(),
  }),
  // A budget was reached: the run stops as a Stop would, then ends `run_completed`.
  z.object({
    type: z.literal("budget_exceeded"),
    budget: z.enum(budgetKinds),
    limit: z.number().int(),
    used: z.number(),
  }),
  z.object({ type: z.literal("run_paused") }),
  z.object({ type: z.literal("run_completed") }),
  z.object({ type: z.literal("run_cancelled") }),
  z.object({ type: z.literal("run_error"), code: z.string(), message: z.string() }),
  // Sent without an `id:` line; its `seq` is the first one the reader missed.
  z.object({ type: z.literal("replay_unavailable") }),
]);

/** What an emitter appends: the log adds the envelope fields. */
export type RunEventPayload = z.infer<typeof runEventPayloadSchema>;

export type RunEventType = RunEventPayload["type"];

/** Fields every event carries: `seq` is 0-based per run, without gaps. */
export const runEventEnvelopeSchema = z.object({
  run_id: z.string(),
  seq: z.number().int(),
  execution_generation: z.number().int(),
});

/** A stored/sent event: the payload plus its envelope fields. */
export const runEventSchema = z.intersection(runEventPayloadSchema, runEventEnvelopeSchema);

export type RunEvent = z.infer<typeof runEventSchema>;

/** Types after which the stream ends. */
export const terminalEventTypes: ReadonlySet<RunEventType> = new Set([
  "run_paused",
  "run_completed",
  "run_cancelled",
  "run_error",
]);
