import { z } from "zod";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import { updatePlanArgsSchema, updatePlanToolName } from "@/lib/contracts/update-plan-call";

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
