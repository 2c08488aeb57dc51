import { ZodError } from "zod";
import { isDatabaseUnavailable } from "@/lib/db/is-database-unavailable";
import { ApiError } from "@/lib/errors/api-error";

/** The CONTRACT.md error envelope. */
export function errorResponse(input: {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}): Response {
  const body = {
    error: { code: input.code, message: input.message, details: input.details ?? {} },
  };
  return Response.json(body, { status: input.status, headers: { "cache-control": "no-store" } });
}

/** Turns anything thrown by a handler into an envelope; unknown errors never leak a stack. */
export function toErrorResponse(error: unknown): Response {
  if (ApiError.isInstance(error)) {
    return errorResponse(error);
  }
  if (error instanceof ZodError) {
    return errorResponse({
      status: 400,
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
      status: 503,
      code: "SERVICE_UNAVAILABLE",
      message: "The database is not reachable right now. Try again in a moment.",
    });
  }
  console.error("unhandled error in route:", error);
  return errorResponse({
    status: 500,
    code: "INTERNAL_ERROR",
    message: "Something went wrong on the server. The error was logged.",
  });
}

function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
