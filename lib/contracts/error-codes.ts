// Client-safe: the error envelope's codes are part of the contract the UI reads, so this table
// imports nothing.

/**
 * Every stable error code and the one HTTP status it answers with (docs/api.md "Error codes",
 * plus the codes the product uses beyond it). A throw names a code; its status is looked up here,
 * so the same code never answers two statuses. Codes that travel only inside tool envelopes or
 * run events (e.g. TOOL_DEPENDENCY_BLOCKED, PERSISTENCE_FAILED) still get the status they would
 * answer with, so any code can reach an HTTP answer without a second table.
 */
export const errorStatus = {
  // The contract's core codes.
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  MODEL_NOT_CONFIGURED: 422,
  START_IDEMPOTENCY_CONFLICT: 409,
  SESSION_BUSY: 409,
  // A dataset outside the session's project: a bad request naming it, as POST …/runs answers.
  DATASET_SCOPE_REQUIRED: 400,
  TOOL_DEPENDENCY_BLOCKED: 409,
  APPROVAL_CONFLICT: 409,
  REVISION_CONFLICT: 409,
  REPLAY_UNAVAILABLE: 410,
  INVALID_CANCEL_TARGET: 400,
  CANCEL_ID_CONFLICT: 409,
  CANCEL_NOT_CONFIRMED: 503,
  RESULT_UNAVAILABLE: 410,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PERSISTENCE_FAILED: 500,
  INTERRUPTED: 500,
  SKILL_CONFLICT: 409,
  BUILTIN_SKILL_READONLY: 403,
  GRAPH_NOT_LOADED: 409,
  NODE_NOT_FOUND: 404,
  UNSUPPORTED_FILE: 415,
  PARSE_ERROR: 400,
  PAYLOAD_TOO_LARGE: 413,
  // A dataset whose uploaded bytes are gone from the blob store (removed, or on another
  // instance's disk): the file is not malformed, so never PARSE_ERROR.
  UPLOAD_UNAVAILABLE: 410,
  // A live database named as a dataset source cannot be read (unreachable, login refused, no
  // such database, schema or table): the request is well formed, the source is not usable.
  SOURCE_UNAVAILABLE: 422,
  JOB_FAILED: 500,
  JOB_CANCELLED: 409,
  // Beyond the core: the route wrapper's fallbacks.
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  // Beyond the core: tool results (engine, runtime).
  GRAPH_NOT_WEIGHTED: 422,
  TOOL_TRANSPORT_ERROR: 502,
  // The job waiter read a status that breaks the protocol (wrong job, illegal status, seqs
  // not increasing, an empty or cyclic hand-off): the job's answer cannot be trusted (JOB-2/3).
  JOB_PROTOCOL_ERROR: 502,
  APPROVAL_REJECTED: 409,
  PREVIEW_FAILED: 500,
  // Beyond the core: workspace tools (lib/errors/workspace-error.ts says what each means).
  PATH_NOT_ALLOWED: 403,
  COMMAND_NOT_ALLOWED: 403,
  ARGUMENT_NOT_ALLOWED: 403,
  COMMAND_TIMEOUT: 408,
  COMMAND_CANCELLED: 499,
  OUTPUT_TOO_LARGE: 413,
  BINARY_FILE: 415,
  DERIVED_VERSION_CONFLICT: 409,
} as const satisfies Record<string, number>;

/** A stable error code. */
export type ErrorCode = keyof typeof errorStatus;

/** Codes whose tool result is `cancelled` rather than `failed`. */
export const cancelledErrorCodes: ReadonlySet<string> = new Set<ErrorCode>([
  "JOB_CANCELLED",
  "COMMAND_CANCELLED",
]);

/** The HTTP status of a code. */
export function statusOfErrorCode(input: { code: ErrorCode }): number {
  return errorStatus[input.code];
}
