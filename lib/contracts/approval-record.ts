import { z } from "zod";

// Client-safe: the run snapshot builds its `approvals` from this schema and the chat parses them
// with it, so a decided step shows the same facts live and after a refresh.

const argsSchema = z.record(z.string(), z.unknown());

/** How a reviewer decided a paused step (AP-2). */
export const approvalDecisionSchema = z.enum(["approve", "reject", "modify"]);

/** A decision's name. */
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/**
 * One decided approval of a run (the run snapshot's `approvals`, AP-3): which call, what the
 * model proposed, and — for `modify` — the arguments that replaced them and ran. `ran_args` is
 * what the continued phase executed: the patch, the proposal, or null after a rejection.
 */
export const approvalRecordSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  decision: approvalDecisionSchema,
  proposed_args: argsSchema,
  patched_args: argsSchema.nullable(),
  ran_args: argsSchema.nullable(),
  reason: z.string().nullable(),
  /** The generation that paused; the decision opened the next one. */
  execution_generation: z.number().int(),
  decided_at: z.string().nullable(),
});

/** One entry of the run snapshot's `approvals`. */
export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;

/** What a decision ran: the patch for `modify`, the proposal for `approve`, nothing for `reject`. */
export function ranArgsOf(input: {
  decision: ApprovalDecision;
  proposedArgs: Record<string, unknown>;
  patchedArgs: Record<string, unknown> | null;
}): Record<string, unknown> | null {
  if (input.decision === "reject") return null;
  return input.decision === "modify" ? input.patchedArgs : input.proposedArgs;
}

/**
 * The step a paused run waits on (AP-2): the recorded call with the arguments the model proposed,
 * the generation it paused in and, for an optimisation commit, the `data` of a preview of the
 * same operations (null otherwise).
 */
export const pendingApprovalSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  args: z.unknown(),
  preview: z.unknown(),
  execution_generation: z.number(),
  created_at: z.string(),
});

/** The run snapshot's `pending_approval`. */
export type PendingApprovalRecord = z.infer<typeof pendingApprovalSchema>;

/**
 * `POST /api/runs/{run_id}/approvals`: 202 once the decision is recorded (AP-4); `processing`
 * when the same decision is repeated while the continued phase still runs.
 */
export const approvalDecisionResponseSchema = z.object({
  status: z.enum(["accepted", "processing"]),
  execution_generation: z.number(),
  events_url: z.string(),
});

export type ApprovalDecisionResponse = z.infer<typeof approvalDecisionResponseSchema>;
