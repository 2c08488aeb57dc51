import { z } from "zod";

// Client-safe: `POST /api/sessions/{session_id}/runs` answers these shapes (lib/runs/start/start-run.ts
// builds them) and the chat's send parses them.

/**
 * 202 (started) or 200 (the same start retried, or stopped before it started: then the run is
 * named `cancelled` with its stop `confirmed`, RC-3).
 */
export const startRunResponseSchema = z.object({
  run_id: z.string(),
  execution_generation: z.number(),
  events_url: z.string(),
  run_status: z.literal("cancelled").optional(),
  cancel_status: z.literal("confirmed").optional(),
});

export type StartRunResponse = z.infer<typeof startRunResponseSchema>;

/** What MODEL_NOT_CONFIGURED says is missing. */
export const modelNotConfiguredDetailsSchema = z.object({
  model: z.string().optional(),
  missing: z.array(z.string()).optional(),
});
