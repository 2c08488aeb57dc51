import type { PlanStepStatus } from "@/lib/contracts/run-event";
import type { TrackedCall, TrackedStep } from "./run-plan-state";

/**
 * A step's status from the calls that counted for it: running while one runs; failed when a
 * tool's latest call failed; done once every tool it names succeeded in its latest call *and*
 * the model moved on (`closed`: a later step started, or it began to answer) — a model that
 * learns a step's next tool from its last result (a schema read before the ranking) would
 * otherwise see the step done, then running again; skipped when all it got were blocked
 * calls; pending before any call. A status said outright (`manual`) wins until the step's
 * next call.
 */
export function deriveStepStatus(
  step: TrackedStep,
  calls: readonly TrackedCall[],
  closed: ReadonlySet<string> = new Set(),
): PlanStepStatus {
  if (step.manual) return step.manual;
  const own = calls.filter((call) => call.stepId === step.id);
  if (own.length === 0) return "pending";
  if (own.some((call) => call.state === "running")) return "running";
  const latest = new Map<string, TrackedCall["state"]>();
  for (const call of own) latest.set(call.toolName, call.state);
  const states = [...latest.values()];
  if (states.includes("failed")) return "failed";
  if (states.every((state) => state === "skipped")) return "skipped";
  const tools = step.tools.length > 0 ? step.tools : [...latest.keys()];
  const succeeded = tools.every((tool) => latest.get(tool) === "succeeded");
  return succeeded && closed.has(step.id) ? "done" : "running";
}

/**
 * Which step a starting call counts for: the first unfinished step naming its tool that has no
 * call of it yet (two centrality steps get one call each), else the step whose latest call of
 * it failed or is still going (a retry), else the last step naming it; null when none does.
 */
export function stepForCall(input: {
  steps: readonly TrackedStep[];
  calls: readonly TrackedCall[];
  closed: ReadonlySet<string>;
  toolName: string;
}): TrackedStep | null {
  const { calls, toolName } = input;
  const candidates = input.steps.filter((step) => step.tools.includes(toolName));
  const callsOf = (step: TrackedStep) =>
    calls.filter((call) => call.stepId === step.id && call.toolName === toolName);
  const open = (step: TrackedStep) => {
    const status = deriveStepStatus(step, calls, input.closed);
    return status === "pending" || status === "running";
  };
  const fresh = candidates.find((step) => open(step) && callsOf(step).length === 0);
  if (fresh) return fresh;
  const retry = candidates.find((step) => {
    const last = callsOf(step).at(-1);
    return last?.state === "failed" || last?.state === "running";
  });
  return retry ?? candidates.at(-1) ?? null;
}
