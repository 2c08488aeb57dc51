/** The stable error codes of CONTRACT.md. */
export type ErrorCode =
  | "INVALID_REQUEST"
  | "UNAUTHORIZED"
  | "NOT_FOUND"
  | "MODEL_NOT_CONFIGURED"
  | "START_IDEMPOTENCY_CONFLICT"
  | "SESSION_BUSY"
  | "DATASET_SCOPE_REQUIRED"
  | "TOOL_DEPENDENCY_BLOCKED"
  | "APPROVAL_CONFLICT"
  | "REVISION_CONFLICT"
  | "REPLAY_UNAVAILABLE"
  | "INVALID_CANCEL_TARGET"
  | "CANCEL_ID_CONFLICT"
  | "CANCEL_NOT_CONFIRMED"
  | "RESULT_UNAVAILABLE"
  | "FORBIDDEN_ORIGIN"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "SKILL_CONFLICT"
  | "BUILTIN_SKILL_READONLY"
  | "GRAPH_NOT_LOADED"
  | "NODE_NOT_FOUND"
  | "UNSUPPORTED_FILE"
  | "PARSE_ERROR"
  | "PAYLOAD_TOO_LARGE"
  | "JOB_FAILED"
  | "JOB_CANCELLED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_ERROR";

const apiErrorMarker = Symbol.for("graph-workbench.api-error");

/** An error that the API turns into `{error:{code,message,details}}` with its HTTP status. */
export class ApiError extends Error {
  readonly [apiErrorMarker] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(input: {
    code: ErrorCode;
    status: number;
    message: string;
    details?: Record<string, unknown>;
  }) {
    super(input.message);
    this.name = new.target.name;
    this.code = input.code;
    this.status = input.status;
    this.details = input.details;
  }

  /** True for ApiErrors from any copy of this module (dev reloads can load two). */
  static isInstance(error: unknown): error is ApiError {
    return typeof error === "object" && error !== null && apiErrorMarker in error;
  }
}
