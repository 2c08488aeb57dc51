import { cancelledErrorCodes, type ErrorCode } from "./error-codes";
import type { ToolEnvelope } from "./tool-envelope";

/** The statuses of a tool result that did not succeed. */
export type UnsuccessfulToolStatus =
  | "failed"
  | "cancelled"
  | "blocked"
  | "rejected"
  | "awaiting_approval";

/**
 * The one way to build a tool envelope that did not succeed (engine, runtime, workspace and
 * skill tools alike): `success: false`, a stable code, and the status the code implies —
 * `cancelled` for the cancellation codes, else `failed` — so no two places disagree on what a
 * code means. `status` overrides it where a caller knows better (a refusal is never a
 * cancellation; a blocked, rejected or paused call says so). Only a call that has not run yet
 * (paused, or cancelled before it started) has no code.
 */
export function failedEnvelope(input: {
  code?: ErrorCode;
  message?: string;
  data?: unknown;
  status?: UnsuccessfulToolStatus;
}): ToolEnvelope {
  const status =
    input.status ??
    (input.code !== undefined && cancelledErrorCodes.has(input.code) ? "cancelled" : "failed");
  return {
    success: false,
    status,
    ...(input.code !== undefined ? { error_code: input.code } : {}),
    ...(input.message !== undefined ? { message: input.message } : {}),
    ...(input.data !== undefined ? { data: input.data } : {}),
  };
}
