/** Codes the engine reports; they match docs/api.md's error codes. */
export type EngineErrorCode =
  | "PARSE_ERROR"
  | "UNSUPPORTED_FILE"
  | "GRAPH_NOT_LOADED"
  | "NODE_NOT_FOUND"
  | "GRAPH_NOT_WEIGHTED"
  | "REVISION_CONFLICT"
  | "INVALID_REQUEST"
  | "PAYLOAD_TOO_LARGE"
  | "JOB_CANCELLED";

const engineErrorMarker = Symbol.for("graph-workbench.engine-error");

/**
 * An expected failure of the engine (bad input, missing node, cancelled work) with a stable
 * code; the MCP layer turns it into `success:false`. The engine is a standalone library, so it
 * has its own error class instead of importing the HTTP layer's.
 */
export class EngineError extends Error {
  readonly [engineErrorMarker] = true;
  readonly code: EngineErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: EngineErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "EngineError";
    this.code = code;
    this.details = details;
  }

  /** True for EngineErrors from any copy of this module. */
  static isInstance(error: unknown): error is EngineError {
    return typeof error === "object" && error !== null && engineErrorMarker in error;
  }
}

/** A parse failure at a position in the input (1-based line and column). */
export function parseError(message: string, position: { line: number; column?: number }) {
  return new EngineError("PARSE_ERROR", message, { ...position });
}
