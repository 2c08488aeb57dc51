import { z } from "zod";
import { approvalRecordSchema, pendingApprovalSchema } from "./approval-record";
import { jobProgressRowSchema, jobStatusValues } from "./job-status";
import { memoryUsedSchema } from "./memory";
import { runBudgetSchema, stopReasonSchema } from "./run-budget";
import { runPlanSchema } from "./run-event";
import { chatMessageSchema, runStatusSchema } from "./session";
import { runSkillSummarySchema } from "./skill";
import { toolEnvelopeSchema } from "./tool-envelope";
import { runUsageSchema } from "./usage";

// Client-safe: `GET /api/runs/{run_id}` answers this shape (lib/runs/events/get-run-snapshot.ts builds
// it) and the chat rebuilds a run from it with the same schema (EV-2).

/** One tool call of a run snapshot, with the envelope it produced once it finished. */
export const toolCallSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  args: z.record(z.string(), z.unknown()),
  status: z.string(),
  success: z.boolean().nullable(),
  result: toolEnvelopeSchema.nullable(),
  summary: z.string().nullable(),
  error_code: z.string().nullable(),
  blocked_by: z.array(z.string()),
  execution_generation: z.number(),
  turn_index: z.number(),
  batch_index: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
});

export type ToolCall = z.infer<typeof toolCallSchema>;

/** One job of a run snapshot, with its last progress row so a refresh redraws its bar. */
export const runJobSchema = z.object({
  job_id: z.string(),
  kind: z.string(),
  status: z.enum(jobStatusValues),
  tool_call_id: z.string().nullable(),
  parent_job_id: z.string().nullable(),
  child_job_id: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  last_progress: jobProgressRowSchema.omit({ at: true }).nullable(),
});

export type RunJob = z.infer<typeof runJobSchema>;

/** `GET /api/runs/{run_id}`: the saved state a client rebuilds a run from (EV-2). */
export const runSnapshotSchema = z.object({
  run_id: z.string(),
  session_id: z.string(),
  run_status: runStatusSchema,
  execution_stopped: z.boolean(),
  terminal_persisted: z.boolean(),
  cancel_status: z.string(),
  execution_generation: z.number(),
  revision: z.number(),
  can_send: z.boolean(),
  model: z.string().nullable(),
  /** The options the run was started with, as stored. */
  options: z.unknown(),
  partial_text: z.string().nullable(),
  /** The plan as last saved and the staged reasoning. */
  plan: runPlanSchema.nullable(),
  reasoning: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
  messages: z.array(chatMessageSchema.omit({ run_id: true })),
  tool_calls: z.array(toolCallSchema),
  pending_approval: pendingApprovalSchema.nullable(),
  /** Decided steps: the call, its proposed arguments, a reviewer's patch and what ran (AP-3). */
  approvals: z.array(approvalRecordSchema),
  jobs: z.array(runJobSchema),
  /** The learning-store records this run's prompt carried (MEM-1). */
  memories_used: z.array(memoryUsedSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  replaces_run_id: z.string().nullable(),
  /** Set once the latest turn was edited: the run that answers the edited message instead. */
  replaced_by_run_id: z.string().nullable(),
  skills: z.array(runSkillSummarySchema),
  /** What the run used: model calls, tokens, tool calls and seconds (approval waits left out). */
  usage: runUsageSchema,
  /** The limits in force for this run (null for runs started before budgets existed). */
  budget: runBudgetSchema.nullable(),
  /** "budget" when a budget ended the run (it still ends `completed`); null otherwise. */
  stop_reason: stopReasonSchema.nullable(),
});

export type RunSnapshot = z.infer<typeof runSnapshotSchema>;
