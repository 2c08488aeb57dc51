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
