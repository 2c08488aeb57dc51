import { ApiError } from "./api-error";

// The codes run control throws (docs/api.md, POST …/runs, …/approvals, /api/runs/cancel and the
// event stream): each a class, so a throw site names what went wrong and the table gives the
// status.

type Details = Record<string, unknown> | undefined;

/** START_IDEMPOTENCY_CONFLICT: a start_request_id reused for different content (RC-2). */
export class StartIdempotencyConflictError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "START_IDEMPOTENCY_CONFLICT", message, details });
  }
}

/** SESSION_BUSY: the session still works on an earlier message (RC-2). */
export class SessionBusyError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "SESSION_BUSY", message, details });
  }
}

/** APPROVAL_CONFLICT: a decision that is stale, mismatched or already continued (AP-3/AP-4). */
export class ApprovalConflictError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "APPROVAL_CONFLICT", message, details });
  }
}

/** INVALID_CANCEL_TARGET: a cancel naming both targets or neither (RC-3). */
export class InvalidCancelTargetError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "INVALID_CANCEL_TARGET", message, details });
  }
}

/** CANCEL_ID_CONFLICT: a cancel_request_id reused for another target (RC-3). */
export class CancelIdConflictError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "CANCEL_ID_CONFLICT", message, details });
  }
}

/** CANCEL_NOT_CONFIRMED: the stop could not be recorded, so it is not confirmed (RC-6). */
export class CancelNotConfirmedError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "CANCEL_NOT_CONFIRMED", message, details });
  }
}

/** REPLAY_UNAVAILABLE: no event of the run ever had the stream's cursor. */
export class ReplayUnavailableError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "REPLAY_UNAVAILABLE", message, details });
  }
}
