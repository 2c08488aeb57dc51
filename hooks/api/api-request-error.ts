/** An API failure as the UI shows it: the envelope's stable code plus its human message. */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor({
    code,
    message,
    status,
    details,
  }: {
    code: string;
    message: string;
    status: number;
    details?: unknown;
  }) {
    super(message);
    this.name = "ApiRequestError";
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** Reduces any thrown value to the code and message the UI displays. */
export function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof ApiRequestError) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: "UNEXPECTED_ERROR", message: error.message };
  return { code: "UNEXPECTED_ERROR", message: "Something went wrong." };
}
