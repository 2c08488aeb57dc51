import { z } from "zod";
import { planStepStatusSchema, runPlanSchema } from "@/lib/contracts/run-event";

const trackedStepSchema = z.object({
  id: z.string(),
  title: z.string(),
  tools: z.array(z.string()),
  /** A status said outright (by the model, or when the run ended); null: derived from calls. */
  manual: planStepStatusSchema.nullable(),
});

const trackedCallSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  stepId: z.string(),
  state: z.enum(["running", "succeeded", "failed", "skipped"]),
});

/**
 * What the runtime saves of a run's plan (the `runs.plan` column): the plan as shown, and what
 * it was derived from — the declared steps and which tool call counted for which step — so a
 * phase continued after an approval goes on marking the same steps.
 */
export const runPlanStateSchema = z.object({
  plan: runPlanSchema,
  steps: z.array(trackedStepSchema),
  calls: z.array(trackedCallSchema),
  /** Steps the model moved on from: their finished calls make them done. */
  closed: z.array(z.string()).default([]),
  /** model: declared with update_plan; runtime: built from the tool calls (`always` only). */
  source: z.enum(["model", "runtime"]),
});

export type RunPlanState = z.infer<typeof runPlanStateSchema>;
export type TrackedStep = z.infer<typeof trackedStepSchema>;
export type TrackedCall = z.infer<typeof trackedCallSchema>;

/** A saved plan state, or null when there is none or this version cannot read it. */
export function parseRunPlanState(value: unknown): RunPlanState | null {
  if (value === null || value === undefined) return null;
  return runPlanStateSchema.safeParse(value).data ?? null;
}
