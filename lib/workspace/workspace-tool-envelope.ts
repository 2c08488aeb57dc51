import type { ToolEnvelope } from "@/lib/agent/tools/tool-descriptor";
import { ApiError } from "@/lib/errors/api-error";
import { WorkspaceError } from "./workspace-error";

/** A successful workspace tool result. */
export function workspaceSuccess(data: unknown, message?: string): ToolEnvelope {
  return { success: true, status: "completed", ...(message ? { message } : {}), data };
}

/**
 * Any error of a workspace tool as a failed envelope: expected errors keep their code and
 * details; unknown ones are logged without their message when it may carry secrets.
 */
export function workspaceFailure(
  error: unknown,
  toolName: string,
  options: { sensitive?: boolean } = {},
): ToolEnvelope {
  if (WorkspaceError.isInstance(error) || ApiError.isInstance(error)) {
    return {
      success: false,
      status: error.code === "COMMAND_CANCELLED" ? "cancelled" : "failed",
      error_code: error.code,
      message: error.message,
      ...(error.details ? { data: error.details } : {}),
    };
  }
  // A database error of the environment tool can quote the values it tried to store.
  const logged = options.sensitive && error instanceof Error ? error.name : error;
  console.error(`Workspace tool ${toolName} failed:`, logged);
  return {
    success: false,
    status: "failed",
    error_code: "INTERNAL_ERROR",
    message: `${toolName} failed unexpectedly; the error was logged.`,
  };
}
