import { ApiError } from "./api-error";

/**
 * The graph engine's tool list could not be read whole: the connection failed, a page of
 * `tools/list` failed, or it listed no tools. The run ends with this error (TOOL_TRANSPORT_ERROR:
 * the engine, not the request, is at fault) instead of going on with no tools or some of them,
 * and nothing is kept: the next run discovers again (MCP-2).
 */
export class ToolDiscoveryError extends ApiError {
  constructor(message: string, details?: Record<string, unknown>) {
    super({ code: "TOOL_TRANSPORT_ERROR", message, details });
  }
}
