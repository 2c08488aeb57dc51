import { errorStatus } from "@/lib/errors/error-codes";

/**
 * Stable codes of workspace failures that docs/api.md's generic codes cannot express:
 * - `PATH_NOT_ALLOWED`: a path is absolute, holds `..`/NUL/control characters, names a
 *   read-only area for writing, or a symbolic link leads out of its area.
 * - `COMMAND_NOT_ALLOWED`: the command is not on the allow-list.
 * - `ARGUMENT_NOT_ALLOWED`: an option of an allowed command is not on its option allow-list
 *   (e.g. `sort -o`, `grep -R`, `wc --files0-from`), or an option misses its value.
 * - `COMMAND_TIMEOUT`: the wall-clock limit passed; the whole process group was killed.
 * - `COMMAND_CANCELLED`: the caller's abort signal fired; the process group was killed.
 * - `OUTPUT_TOO_LARGE`: a file written through `stdout_to` passed its size limit (it is
 *   discarded, never truncated silently), or a file to publish is over the publish limit.
 * - `BINARY_FILE`: a file to view is not UTF-8 text.
 * - `DERIVED_VERSION_CONFLICT`: a published version already exists on disk (never overwritten).
 * Ownership and validation failures use ApiError (`NOT_FOUND`, `INVALID_REQUEST`). Each code's
 * HTTP status, for a route that exposes these functions through withRoute, is in `errorStatus`.
 */
export type WorkspaceErrorCode =
  | "PATH_NOT_ALLOWED"
  | "COMMAND_NOT_ALLOWED"
  | "ARGUMENT_NOT_ALLOWED"
  | "COMMAND_TIMEOUT"
  | "COMMAND_CANCELLED"
  | "OUTPUT_TOO_LARGE"
  | "BINARY_FILE"
  | "DERIVED_VERSION_CONFLICT";

const workspaceErrorMarker = Symbol.for("graph-workbench.workspace-error");

/** An expected workspace failure with a stable code; tools turn it into a failed envelope. */
export class WorkspaceError extends Error {
  readonly [workspaceErrorMarker] = true;
  readonly code: WorkspaceErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(code: WorkspaceErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.status = errorStatus[code];
    this.details = details;
  }

  /** True for WorkspaceErrors from any copy of this module (dev reloads can load two). */
  static isInstance(error: unknown): error is WorkspaceError {
    return typeof error === "object" && error !== null && workspaceErrorMarker in error;
  }
}
