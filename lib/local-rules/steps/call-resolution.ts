import type { PlannedCall } from "../planning/plan-types";
import type { RunToolStep } from "../reading/read-prompt";
import type { EnvelopeView } from "./tool-outcome";

/** JSON with object keys sorted, so inputs compare equal whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

// Keys whose mere presence changes what a call means: a community_detection with node_ids is a
// membership lookup, not the partition overview, even when every other argument is equal.
const exclusiveKeys: Record<string, string[]> = {
  community_detection: ["node_ids"],
  visualize_subgraph: ["node_ids", "seed"],
};

/**
 * Whether a step ran the wanted call. Every argument the planner set must be equal; other
 * arguments are tolerated because a runtime that validates inputs with the tools' schemas hands
 * them back with defaults filled in (e.g. `weighted: false`), unless they are exclusive keys.
 */
export function sameCall(input: {
  step: { toolName: string; input: Record<string, unknown> };
  call: PlannedCall;
}): boolean {
  const { step, call } = input;
  if (step.toolName !== call.toolName) return false;
  for (const [key, value] of Object.entries(call.input)) {
    if (canonicalJson(step.input[key]) !== canonicalJson(value)) return false;
  }
  return (exclusiveKeys[call.toolName] ?? []).every(
    (key) => key in call.input || step.input[key] === undefined,
  );
}

/** Where a wanted call stands in this run. */
export type CallState =
  | { state: "todo" }
  | { state: "done"; step: RunToolStep; envelope: EnvelopeView }
  | { state: "failed"; step: RunToolStep };

/**
 * Finds the latest call of this tool with these arguments (after `afterTurn`). A call that was
 * blocked by another's failure is asked for once more (DAG-4: blocked steps are not queued, the
 * model resubmits them); a second block, like any failure, is final.
 */
export function resolveCall(input: {
  steps: RunToolStep[];
  call: PlannedCall;
  afterTurn?: number;
}): CallState {
  const matching = input.steps.filter(
    (step) => step.turn > (input.afterTurn ?? 0) && sameCall({ step, call: input.call }),
  );
  const last = matching.at(-1);
  if (!last) return { state: "todo" };
  if (last.outcome.kind === "success") {
    return { state: "done", step: last, envelope: last.outcome.envelope };
  }
  if (last.outcome.kind === "blocked" && matching.length < 2) return { state: "todo" };
  return { state: "failed", step: last };
}

/** The latest step of a tool (any input), optionally only after a turn. */
export function latestStep(input: {
  steps: RunToolStep[];
  toolName: string;
  afterTurn?: number;
}): RunToolStep | undefined {
  return input.steps
    .filter((step) => step.toolName === input.toolName && step.turn > (input.afterTurn ?? 0))
    .at(-1);
}
