import { z } from "zod";
import { planStepStatusSchema } from "./run-event";

// The plan tool's call is read by the runtime (lib/agent/planning) and written by the offline
// model (lib/local-rules), which may not import the runtime: the name and arguments are their
// contract. How the runtime offers the tool to a model stays in lib/agent/planning/update-plan-tool.ts.

/** The runtime's plan tool: the model declares its plan with it (never an MCP graph tool). */
export const updatePlanToolName = "update_plan";

const maxSteps = 20;

/** What the model sends: the goal and the whole list of steps, each time the plan changes. */
export const updatePlanArgsSchema = z
  .object({
    goal: z.string().trim().min(1).max(300).describe("The task this plan serves, in one line."),
    steps: z
      .array(
        z
          .object({
            id: z
              .string()
              .trim()
              .min(1)
              .max(60)
              .optional()
              .describe("Stable id of the step; defaults to its position (1, 2, …)."),
            title: z.string().trim().min(1).max(200),
            tools: z
              .array(z.string().min(1).max(100))
              .max(10)
              .optional()
              .describe("The tools this step calls; the runtime marks it from their results."),
            status: planStepStatusSchema
              .optional()
              .describe("Only to say what the tool results cannot (e.g. a step you skip)."),
          })
          .strict(),
      )
      .min(1)
      .max(maxSteps),
  })
  .strict();

export type UpdatePlanArgs = z.infer<typeof updatePlanArgsSchema>;
