import { z } from "zod";

/** Options of one request (AF-2), validated before anything runs. */
export const runOptionsSchema = z
  .object({
    model: z.string().trim().min(1).max(100).optional(),
    reasoning_mode: z.enum(["direct", "staged"]).default("direct"),
    planning_mode: z.enum(["never", "auto", "always"]).default("auto"),
    output_format: z.enum(["chat", "report", "json"]).default("chat"),
  })
  .strict();

export type RunOptions = z.infer<typeof runOptionsSchema>;

/** Body of POST /api/sessions/{session_id}/runs (CONTRACT.md). */
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
