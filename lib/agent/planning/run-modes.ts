import type { RunOptions } from "@/lib/contracts/run-options";

/** How a run plans and reasons, resolved once from its options (AF-2). */
export type RunModes = {
  /** never: no plan tool, no plan; auto: the model may keep one; always: a plan is kept. */
  planning: RunOptions["planning_mode"];
  /** Staged reasoning: checks of evidence and tool preconditions are made and shown. */
  reasoning: boolean;
};

/** `planning_mode: always` turns reasoning on as well (AF-2). */
export function resolveRunModes(
  options: Pick<RunOptions, "planning_mode" | "reasoning_mode">,
): RunModes {
  return {
    planning: options.planning_mode,
    reasoning: options.reasoning_mode === "staged" || options.planning_mode === "always",
  };
}
