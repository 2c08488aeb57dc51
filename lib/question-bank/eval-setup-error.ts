const evalSetupErrorMarker = Symbol.for("graph-workbench.eval-setup-error");

/** Why an evaluation could not run at all (as opposed to answers that were wrong). */
export type EvalSetupErrorCode =
  | "BANK_UNREADABLE"
  | "BANK_INVALID"
  | "USAGE"
  | "SERVER_UNREACHABLE"
  | "SERVER_REFUSED"
  | "MODEL_NOT_CONFIGURED"
  | "DATASET_FAILED";

/**
 * A setup failure of `npm run eval`: the CLI prints its message (one sentence, plus `details`
 * lines such as a bank's zod issues) and exits non-zero, never with a stack trace.
 */
export class EvalSetupError extends Error {
  readonly [evalSetupErrorMarker] = true;
  readonly code: EvalSetupErrorCode;
  readonly details: string[];

  constructor(input: { code: EvalSetupErrorCode; message: string; details?: string[] }) {
    super(input.message);
    this.name = new.target.name;
    this.code = input.code;
    this.details = input.details ?? [];
  }

  /** True for EvalSetupErrors from any copy of this module. */
  static isInstance(error: unknown): error is EvalSetupError {
    return typeof error === "object" && error !== null && evalSetupErrorMarker in error;
  }
}
