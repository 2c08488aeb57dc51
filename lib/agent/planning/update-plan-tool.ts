import { z } from "zod";
import { planStepStatusSchema } from "@/lib/contracts/run-event";
import type { ToolDescriptor } from "../tools/tool-descriptor";

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

/**
 * update_plan, offered when planning is on (`auto` or `always`). The loop handles its calls
 * itself, before the batch they came with: it never reaches the scheduler, MCP or a tool card.
 */
export function updatePlanToolDescriptor(): ToolDescriptor {
  return {
    name: updatePlanToolName,
    description:
      "Declare or revise your plan for this question: the goal and the full list of steps, each naming the tools it will call. Call it before the steps' tools (in the same turn is fine) and again whenever the plan changes; the runtime marks each step running, done or failed from its tools' results and shows the plan to the user as a checklist.",
    inputSchema: z.toJSONSchema(updatePlanArgsSchema, { target: "draft-7" }) as Record<
      string,
      unknown
    >,
    catalogue: null,
    source: "runtime",
  };
}
