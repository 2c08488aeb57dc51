import { z } from "zod";

/** Body of POST /api/runs/cancel (docs/api.md, RC-3); the target rule is checked separately. */
export const cancelBodySchema = z
  .object({
    cancel_request_id: z.string().trim().min(8).max(100),
    run_id: z.string().trim().min(1).max(100).optional(),
    start_request_id: z.string().trim().min(8).max(100).optional(),
  })
  .strict();

export type CancelBody = z.infer<typeof cancelBodySchema>;
