import { type ErrorCode, errorStatus } from "./error-codes";

export type { ErrorCode } from "./error-codes";

const apiErrorMarker = Symbol.for("graph-workbench.api-error");

/**
 * An error that the API turns into `{error:{code,message,details}}`. It takes a code, never a
 * status: the status is the code's one entry in `errorStatus`.
 */
export class ApiError extends Error {
  readonly [apiErrorMarker] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(input: { code: ErrorCode; message: string; details?: Record<string, unknown> }) {
    super(input.message);
    this.name = new.target.name;
    this.code = input.code;
    this.status = errorStatus[input.code];
    this.details = input.details;
  }

  /** True for ApiErrors from any copy of this module (dev reloads can load two). */
  static isInstance(error: unknown): error is ApiError {
    return typeof error === "object" && error !== null && apiErrorMarker in error;
  }
}
