import { z } from "zod";
import { runOptionsSchema } from "@/lib/contracts/run-options";

/** Body of POST /api/sessions/{session_id}/runs (docs/api.md). */
export const startRunBodySchema = z
  .object({
    start_request_id: z.string().trim().min(8).max(100),
    message: z.string().trim().min(1, "The message is empty.").max(20_000),
    attachments: z.array(z.string().min(1).max(100)).max(20).default([]),
    /** Edit latest turn (edit_latest_turn_v1): the session's latest finished run it replaces. */
    replaces_run_id: z.string().trim().min(1).max(100).optional(),
    options: runOptionsSchema.default({
      reasoning_mode: "direct",
      planning_mode: "auto",
      output_format: "chat",
    }),
  })
  .strict();

export type StartRunBody = z.infer<typeof startRunBodySchema>;
