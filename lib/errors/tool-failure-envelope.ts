import { ZodError } from "zod";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { EngineError } from "@/lib/engine/engine-error";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { ApiError } from "./api-error";

/**
 * Any error a tool threw as a failed envelope (MCP-4), for MCP and workspace tools alike:
 * expected errors (our classes) keep their code, message and details; invalid arguments are
 * INVALID_REQUEST with the issues; anything else is logged and reported as INTERNAL_ERROR
 * without internals. `sensitive` logs only the error's name (its message may quote stored values).
 */
export function toolFailureEnvelope(input: {
  error: unknown;
  toolName: string;
  /** Who ran the tool, for the log line ("MCP tool", "Workspace tool"). */
  source: string;
  sensitive?: boolean;
}): ToolEnvelope {
  const { error, toolName } = input;
  if (EngineError.isInstance(error) || WorkspaceError.isInstance(error)) {
    return failedEnvelope({ code: error.code, message: error.message, data: error.details });
  }
  // An ApiError is a refusal (scope, not found, conflict); a stop reaches tools as an
  // EngineError or WorkspaceError, so an ApiError is never reported as cancelled.
  if (ApiError.isInstance(error)) {
    return failedEnvelope({
      status: "failed",
      code: error.code,
      message: error.message,
      data: error.details,
    });
  }
  if (error instanceof ZodError) {
    return failedEnvelope({
      code: "INVALID_REQUEST",
      message: `Invalid arguments for ${toolName}.`,
      data: {
        issues: error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        })),
      },
    });
  }
  const logged = input.sensitive && error instanceof Error ? error.name : error;
  console.error(`${input.source} ${toolName} failed:`, logged);
  return failedEnvelope({
    code: "INTERNAL_ERROR",
    message: `${toolName} failed unexpectedly; the error was logged.`,
  });
}
