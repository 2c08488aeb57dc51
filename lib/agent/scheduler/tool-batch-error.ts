const toolBatchErrorMarker = Symbol.for("graph-workbench.tool-batch-error");

/**
 * A batch the scheduler refuses to run because its input is inconsistent (duplicate call ids,
 * an approval for a call that is not in the batch). These are runtime bugs or stale decisions,
 * never tool failures, so they are thrown instead of becoming outcomes.
 */
export class ToolBatchError extends Error {
  readonly [toolBatchErrorMarker] = true;
  readonly code: "INVALID_REQUEST" | "APPROVAL_CONFLICT" | "INTERNAL_ERROR";

  constructor(input: { code: ToolBatchError["code"]; message: string }) {
    super(input.message);
    this.name = "ToolBatchError";
    this.code = input.code;
  }

  /** True for ToolBatchErrors from any copy of this module (dev reloads can load two). */
  static isInstance(error: unknown): error is ToolBatchError {
    return typeof error === "object" && error !== null && toolBatchErrorMarker in error;
  }
}
