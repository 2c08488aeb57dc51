import { z } from "zod";

// Client-safe: the run snapshot and the session's run summaries carry a run's `usage`, and
// `GET /api/projects/{project_id}/usage` answers the project's usage by day and model; the
// server builds both with these schemas and the chat and the Usage page parse with them.

/**
 * What one run used. Tokens are what the provider reported (the offline model reports 0);
 * `tool_calls` counts the calls that started; `seconds` is the wall time from the run's start to
 * its end (up to now while it runs), the waits for an approval left out.
 */
export const runUsageSchema = z.object({
  model_calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  tool_calls: z.number().int().nonnegative(),
  seconds: z.number().nonnegative(),
});

export type RunUsage = z.infer<typeof runUsageSchema>;

/** A run that used nothing yet. */
export const emptyRunUsage: RunUsage = {
  model_calls: 0,
  input_tokens: 0,
  output_tokens: 0,
  tool_calls: 0,
  seconds: 0,
};

/** A UTC calendar day, `YYYY-MM-DD`, that exists (2026-02-30 does not). */
export const usageDaySchema = z.iso.date({ message: "Use a date like 2026-12-07 (YYYY-MM-DD)." });

/** The query of `GET /api/projects/{project_id}/usage`: both days included, `from` ≤ `to`. */
export const projectUsageQuerySchema = z
  .object({ from: usageDaySchema.optional(), to: usageDaySchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "`from` must not be after `to`.",
    path: ["from"],
  });

export type ProjectUsageQuery = z.infer<typeof projectUsageQuerySchema>;

/** The usage of one model on one UTC day: the runs started that day with that model. */
export const usageDayRowSchema = runUsageSchema.extend({ day: usageDaySchema, model: z.string() });

export type UsageDayRow = z.infer<typeof usageDayRowSchema>;

/** One model's usage over the whole range. */
export const usageTotalRowSchema = runUsageSchema.extend({ model: z.string() });

export type UsageTotalRow = z.infer<typeof usageTotalRowSchema>;

/** `GET /api/projects/{project_id}/usage`: rows by day then model, totals by model. */
export const projectUsageSchema = z.object({
  from: usageDaySchema,
  to: usageDaySchema,
  days: z.array(usageDayRowSchema),
  totals: z.array(usageTotalRowSchema),
});

export type ProjectUsage = z.infer<typeof projectUsageSchema>;
