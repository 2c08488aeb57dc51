import { z } from "zod";
import { approvalRecordSchema } from "@/lib/contracts/approval-record";
import { runPlanSchema } from "@/lib/contracts/run-event";
import { chatMessageSchema, runStatusSchema } from "./session-schema";

/** The MCP envelope a tool call produced (docs/api.md "MCP tools"). */
export const toolResultSchema = z
  .object({
    success: z.boolean().optional(),
    status: z.string().optional(),
    error_code: z.string().nullish(),
    message: z.string().nullish(),
    data: z.unknown().optional(),
  })
  .loose();

export type ToolResult = z.infer<typeof toolResultSchema>;

/**
 * The step a paused run waits on (AP-2): the recorded call, the generation it paused in and, for
 * an optimisation commit, the `data` of a preview of the same operations (null otherwise).
 */
export const pendingApprovalSchema = z
  .object({
    tool_call_id: z.string(),
    tool_name: z.string(),
    args: z.unknown(),
    execution_generation: z.number().nullish(),
    preview: z.unknown().optional(),
  })
  .loose();

export type PendingApprovalRecord = z.infer<typeof pendingApprovalSchema>;

/** One tool call of a run snapshot. */
export const toolCallSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  args: z.record(z.string(), z.unknown()).nullish(),
  status: z.string(),
  success: z.boolean().nullish(),
  result: toolResultSchema.nullish(),
  summary: z.string().nullish(),
  error_code: z.string().nullish(),
  blocked_by: z.array(z.string()).nullish(),
  execution_generation: z.number().nullish(),
  turn_index: z.number().nullish(),
  batch_index: z.number().nullish(),
  duration_ms: z.number().nullish(),
});

export type ToolCall = z.infer<typeof toolCallSchema>;

/** One job of a run snapshot, with its last progress row so a refresh redraws its bar. */
export const runJobSchema = z
  .object({
    job_id: z.string(),
    kind: z.string(),
    status: z.string(),
    tool_call_id: z.string().nullish(),
    error: z.object({ code: z.string(), message: z.string().nullish() }).nullish(),
    last_progress: z
      .object({ seq: z.number(), stage: z.string(), pct: z.number(), message: z.string() })
      .nullish(),
  })
  .loose();

export type RunJob = z.infer<typeof runJobSchema>;

/** `GET /api/runs/{run_id}`: the saved state a client rebuilds a run from (EV-2). */
export const runSnapshotSchema = z.object({
  run_id: z.string(),
  session_id: z.string(),
  run_status: runStatusSchema,
  execution_stopped: z.boolean(),
  terminal_persisted: z.boolean(),
  cancel_status: z.string().nullish(),
  execution_generation: z.number(),
  revision: z.number(),
  can_send: z.boolean(),
  model: z.string().nullish(),
  partial_text: z.string().nullish(),
  error: z.object({ code: z.string(), message: z.string().nullish() }).nullish(),
  messages: z.array(chatMessageSchema.omit({ run_id: true })),
  tool_calls: z.array(toolCallSchema),
  pending_approval: pendingApprovalSchema.nullish(),
  /** Decided steps: the call, its proposed arguments, a reviewer's patch and what ran (AP-3). */
  approvals: z.array(approvalRecordSchema).optional(),
  jobs: z.array(runJobSchema).optional(),
  /** The plan as last saved and the staged reasoning (older servers send neither). */
  plan: runPlanSchema.nullish(),
  reasoning: z.string().nullish(),
  /** Set once the latest turn was edited: the run that answers the edited message instead. */
  replaced_by_run_id: z.string().nullish(),
});

export type RunSnapshot = z.infer<typeof runSnapshotSchema>;

/** `POST /api/runs/{run_id}/approvals`: 202 once the decision is recorded (AP-4). */
export const approvalDecisionResponseSchema = z
  .object({
    status: z.string(),
    execution_generation: z.number().optional(),
    events_url: z.string().optional(),
  })
  .loose();

export type ApprovalDecisionResponse = z.infer<typeof approvalDecisionResponseSchema>;

/** `POST /api/runs/cancel`: 202 with where the stop stands (RC-6). */
export const cancelRunResponseSchema = z
  .object({ cancel_status: z.string(), run_id: z.string().nullish() })
  .loose();

export type CancelRunResponse = z.infer<typeof cancelRunResponseSchema>;

/** `POST /api/sessions/{session_id}/runs`: 202 (started) or 200 (the same start retried). */
export const startRunResponseSchema = z.object({
  run_id: z.string(),
  execution_generation: z.number(),
  events_url: z.string(),
});

export type StartRunResponse = z.infer<typeof startRunResponseSchema>;

export const reasoningModes = ["direct", "staged"] as const;
export const planningModes = ["never", "auto", "always"] as const;
export const outputFormats = ["chat", "report", "json"] as const;

export type RunOptions = {
  model?: string;
  reasoning_mode: (typeof reasoningModes)[number];
  planning_mode: (typeof planningModes)[number];
  output_format: (typeof outputFormats)[number];
};

/** What SESSION_BUSY says about the run that holds the session. */
export const sessionBusyDetailsSchema = z.object({
  can_send: z.literal(false).optional(),
  active_run: z.object({ run_id: z.string() }).loose().nullish(),
});

/** What MODEL_NOT_CONFIGURED says is missing. */
export const modelNotConfiguredDetailsSchema = z.object({
  model: z.string().optional(),
  missing: z.array(z.string()).optional(),
});
