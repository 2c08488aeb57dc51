import { z } from "zod";
import { runBudgetOptionSchema } from "./run-budget";

export const reasoningModes = ["direct", "staged"] as const;
export const planningModes = ["never", "auto", "always"] as const;
export const outputFormats = ["chat", "report", "json"] as const;

/** Options of one request (AF-2), validated before anything runs. */
export const runOptionsSchema = z
  .object({
    model: z.string().trim().min(1).max(100).optional(),
    reasoning_mode: z.enum(reasoningModes).default("direct"),
    planning_mode: z.enum(planningModes).default("auto"),
    output_format: z.enum(outputFormats).default("chat"),
    /** Limits for this run; a field left out takes the server's default (RUN_MAX_*). */
    budget: runBudgetOptionSchema.optional(),
  })
  .strict();

export type RunOptions = z.infer<typeof runOptionsSchema>;
