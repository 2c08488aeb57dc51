import "server-only";
import { cancelPausedRunsWithStopAsked } from "@/lib/db/queries/run-reconciliation";
import { listStagedRunStates } from "../phase/staged-run-state";
import { applyStagedRunState } from "./persist-run-final-state";
import { sweepAbandonedRuns } from "./run-sweep";

/**
 * The start-up controller (PS-2, PS-4). First it saves final states that were staged but never
 * confirmed in the database (merge-only; nothing is executed again); then it marks runs whose
 * executor is gone as `interrupted`, keeping their inputs, tool facts and partial text; then it
 * saves stably paused runs whose stop was asked as cancelled. It never resumes a model or a
 * graph computation by itself. Executors that die later are caught by the periodic sweep.
 */
export async function reconcileRuns() {
  let repaired = 0;
  for (const state of await listStagedRunStates()) {
    try {
      const outcome = await applyStagedRunState(state);
      if (outcome.outcome === "persisted") repaired++;
    } catch (error) {
      console.error(`run ${state.runId}: staged final state not saved yet:`, error);
    }
  }
  // The same rule as the periodic sweep (startRunSweep), applied once before serving.
  const interrupted = await sweepAbandonedRuns();
  const cancelled = await cancelPausedRunsWithStopAsked();
  return {
    repaired,
    interrupted: interrupted.count,
    interruptedRunIds: interrupted.runIds,
    cancelled,
  };
}
