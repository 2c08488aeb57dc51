import { updatePlanToolName } from "@/lib/contracts/update-plan-call";
import type { BaseContext, PlannedCall } from "../planning/plan-types";
import { outlinePlan, type QuestionParse } from "./plan-outline";
import { reasoningNotes } from "./reasoning-notes";

/**
 * What the offline model says about its own work this turn, beside its calls: the plan (an
 * update_plan call, only when it changed since the last one this question declared) and its
 * staged reasoning. The run options reach it through the session-state block:
 * - planning `always`: a plan for every question it acts on;
 * - planning `auto` (the default): a plan when the question asks for several things — two or
 *   more analyses, or an analysis with a picture or a report; a one-thing question gets none;
 * - planning `never`, or no plan tool offered: no plan;
 * - reasoning `staged`, or planning `always`: the reasoning notes.
 */
export function announcePlan(input: {
  context: BaseContext;
  parse: QuestionParse | null;
  calls: PlannedCall[];
}): { planCall?: PlannedCall; reasoning?: string } {
  const { context, parse, calls } = input;
  const { reading } = context;
  const planning = reading.state?.planning_mode ?? "auto";
  const reasons = reading.state?.reasoning_mode === "staged" || planning === "always";
  const outline = parse ? outlinePlan({ context, parse, calls }) : null;
  const reasoning = reasons
    ? reasoningNotes({
        reading,
        parse,
        outlineTitles:
          outline?.steps
            .filter((step) => step.id !== "graph" && step.id !== "answer")
            .map((step) => step.title) ?? [],
        calls,
      })
    : undefined;
  const wanted =
    outline !== null &&
    calls.length > 0 &&
    reading.toolNames.has(updatePlanToolName) &&
    (planning === "always" || (planning === "auto" && outline.work >= 2));
  if (!wanted) return { reasoning };
  const declared = {
    goal: outline.goal,
    // Within the plan tool's bounds (update_plan-tool.ts), whatever a dataset is called.
    steps: outline.steps.map((step) => ({
      id: step.id,
      title: step.title.slice(0, 200),
      tools: step.tools.slice(0, 10),
    })),
  };
  // Sent again only when something changed: a title, a step, a tool now known.
  if (JSON.stringify(declared) === JSON.stringify(reading.declaredPlan)) return { reasoning };
  return { planCall: { toolName: updatePlanToolName, input: declared }, reasoning };
}
