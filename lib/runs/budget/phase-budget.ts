import "server-only";
import type { RunEventLog } from "../events/run-event-log";
import { storedBudgetUsage } from "./budget-usage";
import { storedRunBudget } from "./resolve-run-budget";
import { RunBudgetMeter } from "./run-budget-meter";

/**
 * The budget meter of one phase, wired to the run: reaching a budget sends `budget_exceeded` and
 * aborts the run's scope — the same abort a Stop raises, so nothing new starts and running tool
 * calls and jobs are cancelled — while the phase's ending (`finishBudgetStop`) makes the run
 * complete, not cancel. The tool-call budget refuses the call past it; the run's `stopCheck`
 * aborts the scope once those already running ended. The clock starts here.
 */
export function startPhaseBudget(input: {
  run: { budget: unknown; budgetUsed: unknown };
  log: RunEventLog;
  scope: AbortController;
}): RunBudgetMeter {
  const meter = new RunBudgetMeter({
    budget: storedRunBudget(input.run.budget),
    usedBefore: storedBudgetUsage(input.run.budgetUsed),
    onExceeded: (exceeded) => {
      input.log.append({ type: "budget_exceeded", ...exceeded });
      // The calls already running when the tool-call budget refused the next one are within it:
      // they finish, and the run stops at its next check, before anything else starts.
      if (exceeded.budget !== "tool_calls") input.scope.abort();
    },
  });
  meter.start();
  return meter;
}
