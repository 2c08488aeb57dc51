import type { BudgetStop } from "@/hooks/api/run-view";
import { budgetName } from "@/lib/contracts/run-budget";

/** The run was stopped by its budget: which one, so the partial answer above reads as such. */
export function BudgetStopNotice({ stop }: { stop: BudgetStop }) {
  const which =
    stop.budget && stop.limit !== null ? budgetName(stop.budget, stop.limit) : "the run's budget";
  return (
    <p
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900"
      data-testid="budget-stop-notice"
      data-budget={stop.budget ?? ""}
    >
      Stopped: {which} reached. The answer covers what was done until then.
    </p>
  );
}
