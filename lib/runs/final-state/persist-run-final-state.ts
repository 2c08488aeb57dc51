import "server-only";
import { readRunControlState } from "@/lib/db/queries/run-final-state";
import { runningJobs } from "@/lib/jobs/running-jobs";
import {
  removeStagedRunState,
  type StagedRunState,
  stageRunState,
} from "../phase/staged-run-state";
import { mergeRunFinalState } from "./merge-run-final-state";
import { consumePersistenceFault } from "./persistence-fault";

// Short first retries for a blip, then slower ones while PostgreSQL restarts (≈ 3 minutes in
// all); after that the staged file waits for the start-up reconciler.
const defaultRetryDelaysMs = [200, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000, 60_000];

/**
 * Saves a run phase's final state durably (PS-2): stage it to a local file, merge it into the
 * session record, read it back, and only then drop the staged copy. A failed write is retried
 * from the staged state (merge-only: nothing is executed again). Resolves once the database
 * agrees; rejects when every retry failed, leaving the staged file for the reconciler.
 */
export async function persistRunFinalState(
  state: StagedRunState,
  options: { retryDelaysMs?: readonly number[]; onRetry?: (error: unknown) => void } = {},
): Promise<PersistOutcome> {
  await stageRunState(state);
  const delays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await applyStagedRunState(state);
    } catch (error) {
      if (attempt >= delays.length) throw error;
      options.onRetry?.(error);
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

/** One merge + read-back of a staged state; the staged file goes once both agree. */
export async function applyStagedRunState(state: StagedRunState): Promise<PersistOutcome> {
  const merged = await mergeRunFinalState(state, {
    beforeCommit: () => consumePersistenceFault(state.runId),
    handlerJobIds: [...runningJobs().keys()],
  });
  if (merged.outcome === "stale") {
    // A newer generation owns the run now: this phase's late state must not overwrite it.
    await removeStagedRunState(state.runId);
    return { outcome: "stale" };
  }
  const saved = await readRunControlState(state.runId);
  const agrees =
    saved?.executionGeneration === state.generation &&
    saved.runStatus === merged.status &&
    saved.terminalPersisted &&
    saved.executionStopped === !merged.stopPending &&
    saved._count.toolCalls >= state.toolCalls.length;
  if (!agrees) throw new Error(`read-back of run ${state.runId} does not match its staged state`);
  await removeStagedRunState(state.runId);
  return { outcome: "persisted", status: merged.status, stopPending: merged.stopPending };
}

/**
 * The saved status can differ from the staged one: a pause overtaken by a stop is cancelled.
 * `stopPending`: the stop is saved `stopping` because a job of the run still executes (RC-6).
 */
export type PersistOutcome =
  | { outcome: "persisted"; status: StagedRunState["status"]; stopPending: boolean }
  | { outcome: "stale" };
