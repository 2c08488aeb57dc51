import { type FinalRunStatus, isStopAsked } from "@/lib/contracts/run-status";

export type FinalStateMerge =
  | { kind: "stale" }
  | {
      kind: "merge";
      /** The status saved: a pause overtaken by a stop is saved as cancelled. */
      status: FinalRunStatus;
      /** The stop (asked, or the phase's own cancel) is confirmed by this write (RC-6). */
      confirmStop: boolean;
      /**
       * The stop holds but some of the run's jobs still execute: it is saved `stopping`, with
       * `execution_stopped` false, and confirmed once the last of them exited (RC-6).
       */
      stopPending: boolean;
      /** Only a saved pause opens a pause record. */
      opensPause: boolean;
      /** A pause is not finished; every other ending is. */
      finished: boolean;
    };

/**
 * How a phase's staged final state merges into the run (PS-2, RC-4, RC-6): a state of an older
 * generation (or a run that is gone) changes nothing; a stop asked for while the phase ran is
 * confirmed by the write, whatever the phase ended with, and a pause reached while a stop was on
 * its way (e.g. sent to another process) is not left waiting for a decision. A run already
 * interrupted by the reconciler is stale too. A stop is confirmed only when none of the run's
 * jobs is queued or running any more (`unfinishedJobs`, counted in the same transaction):
 * `confirmed` means nothing of the run still executes.
 */
export function decideFinalStateMerge(input: {
  run: { executionGeneration: number; cancelStatus: string | null; runStatus: string } | null;
  state: { generation: number; status: FinalRunStatus };
  unfinishedJobs: number;
}): FinalStateMerge {
  const { run, state } = input;
  if (!run || run.executionGeneration !== state.generation) return { kind: "stale" };
  // Only the reconciler writes `interrupted`, once it judged the executor dead. An executor that
  // was merely frozen (stopped, swapped out) and wakes up later must not turn that run back into
  // a finished one: nothing is resumed after an interruption (PS-4).
  if (run.runStatus === "interrupted") return { kind: "stale" };
  const stopAsked = isStopAsked(run.cancelStatus);
  const status = stopAsked && state.status === "paused" ? "cancelled" : state.status;
  const stopHolds = status === "cancelled" || stopAsked;
  const jobsExited = input.unfinishedJobs === 0;
  return {
    kind: "merge",
    status,
    confirmStop: stopHolds && jobsExited,
    stopPending: stopHolds && !jobsExited,
    opensPause: status === "paused",
    finished: status !== "paused",
  };
}
