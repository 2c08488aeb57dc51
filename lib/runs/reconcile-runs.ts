import "server-only";
import {
  cancelPausedRunsWithStopAsked,
  interruptAbandonedRuns,
} from "@/lib/db/queries/run-reconciliation";
import { executorId } from "./executor-id";
import { isExecutorGone } from "./executor-liveness";
import { runHeartbeatMs } from "./launch-run";
import { applyStagedRunState } from "./persist-run-final-state";
import { listStagedRunStates } from "./staged-run-state";

/**
 * The start-up controller (PS-2, PS-4). First it saves final states that were staged but never
 * confirmed in the database (merge-only; nothing is executed again); then it marks runs whose
 * executor is gone as `interrupted`, keeping their inputs, tool facts and partial text; then it
 * saves stably paused runs whose stop was asked as cancelled. It never resumes a model or a
 * graph computation by itself.
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
  const interrupted = await interruptAbandonedRuns({
    executorId: executorId(),
    staleAfterMs: 3 * runHeartbeatMs,
    isExecutorGone,
  });
  const cancelled = await cancelPausedRunsWithStopAsked();
  return {
    repaired,
    interrupted: interrupted.count,
    interruptedRunIds: interrupted.runIds,
    cancelled,
  };
}
