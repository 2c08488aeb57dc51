import { z } from "zod";
import { runStatuses } from "./run-status";

// Client-safe: `POST /api/runs/cancel` answers this shape (lib/runs/cancel/cancel-run.ts builds it) and
// the Stop button parses it.

/** Where the stop of one run stands. */
export const runCancelStateSchema = z.object({
  run_id: z.string(),
  run_status: z.enum(runStatuses),
  cancel_status: z.string(),
});

/**
 * 202 with where the stop stands (RC-6): the first run the request names, or `requested` with
 * no run while the intent waits for a start that has not happened; `runs` when it named several.
 */
export const cancelRunResponseSchema = z.object({
  cancel_status: z.string(),
  run_id: z.string().nullable(),
  run_status: z.enum(runStatuses).nullable(),
  runs: z.array(runCancelStateSchema).optional(),
});

export type CancelRunResponse = z.infer<typeof cancelRunResponseSchema>;
