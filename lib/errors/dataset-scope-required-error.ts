import { ApiError } from "./api-error";

/**
 * DATASET_SCOPE_REQUIRED: a dataset outside the scope (SS-4, MCP-3) — not in the session's
 * project, or, inside a run, neither attached to its message nor constructed — without saying
 * whether it exists elsewhere. Thrown by run admission (attachments) and MCP tools.
 */
export class DatasetScopeRequiredError extends ApiError {
  constructor(message: string, details?: Record<string, unknown>) {
    super({ code: "DATASET_SCOPE_REQUIRED", message, details });
  }
}
