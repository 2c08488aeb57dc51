import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/** How one call of a batch ended. */
export type ToolCallStatus = "succeeded" | "failed" | "blocked" | "awaiting_approval" | "cancelled";

/** The result of one call of a batch; `runToolBatch` returns these in batch order (DAG-5). */
export type ToolCallOutcome = {
  toolCallId: string;
  toolName: string;
  /** The arguments the call ran (or would run) with: the approved ones after an approval. */
  args: Record<string, unknown>;
  status: ToolCallStatus;
  /** What the tool returned (or what a throw was turned into); absent when it never ran. */
  envelope?: ToolEnvelope;
  /** The envelope's `error_code`, or `TOOL_DEPENDENCY_BLOCKED` for a blocked call. */
  errorCode?: string;
  /** Ids of the direct prerequisites that did not finish cleanly (status `blocked` only). */
  blockedBy?: string[];
  startedAt?: Date;
  finishedAt?: Date;
  durationMs?: number;
};

/**
 * What a batch resumes from after an approval decision (AP-4): the runtime re-runs the SAME batch
 * in the next execution generation with this.
 */
export type ToolBatchResume = {
  /**
   * Outcomes from earlier generations, by tool call id. Those calls are never executed again and
   * emit no events; their outcomes are returned as they are. Whatever the runtime leaves out is
   * scheduled afresh — so passing the earlier `blocked` outcomes too keeps those steps blocked
   * (DAG-4: the model resubmits them), leaving them out lets them run behind the approved call.
   */
  completed?: ReadonlyMap<string, ToolCallOutcome>;
  /**
   * The approval-gated call that may now run, with the arguments to use (the recorded ones, or
   * `patched_args` for `modify`, AP-3). It takes precedence over a `completed` entry of the same
   * id (its earlier `awaiting_approval` outcome). A rejection is not passed here: the runtime
   * records it as a `completed` failed outcome, which blocks the dependants.
   */
  approved?: { toolCallId: string; args: Record<string, unknown> };
};
