import { ZodError } from "zod";
import type { ErrorEnvelope } from "@/lib/contracts/error-envelope";
import { ApiError, type ErrorCode } from "@/lib/errors/api-error";
import { errorStatus } from "@/lib/errors/error-codes";
import { isDatabaseUnavailable } from "@/lib/errors/is-database-unavailable";

/** The error envelope of docs/api.md, answered with the code's one status. */
export function errorResponse(input: {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}): Response {
  const body: ErrorEnvelope = {
    error: { code: input.code, message: input.message, details: input.details ?? {} },
  };
  return Response.json(body, {
    status: errorStatus[input.code],
    headers: { "cache-control": "no-store" },
  });
}

/** Turns anything thrown by a handler into an envelope; unknown errors never leak a stack. */
export function toErrorResponse(error: unknown): Response {
  if (ApiError.isInstance(error)) {
    return errorResponse(error);
  }
  if (error instanceof ZodError) {
    return errorResponse({
      code: "INVALID_REQUEST",
      message: "The request is not valid.",
      details: {
        issues: error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        })),
      },
    });
  }
  if (isDatabaseUnavailable(error)) {
    console.error("database unavailable:", errorMessageOf(error));
    return errorResponse({
      code: "SERVICE_UNAVAILABLE",
      message: "The database is not reachable right now. Try again in a moment.",
    });
  }
  console.error("unhandled error in route:", error);
  return errorResponse({
    code: "INTERNAL_ERROR",
    message: "Something went wrong on the server. The error was logged.",
  });
}

function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
