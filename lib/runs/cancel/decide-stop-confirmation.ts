import { finishedRunStatuses, isStopAsked, type RunStatus } from "@/lib/contracts/run-status";

export type StopConfirmation =
  /** Nothing of the run executes any more: write `confirmed` now. */
  | { kind: "confirm" }
  /** The stop holds, but a job of the run (or its executor) has not exited yet. */
  | { kind: "wait" }
  /** No stop waits here: confirmed already, never asked, or still the executor's to save. */
  | { kind: "nothing" };

/**
 * Whether a stop saved as pending is confirmed now (RC-6). Only a finished, saved run is judged
 * here — a live one is confirmed by its executor's own final save — and only once none of its
 * jobs is queued or running and no handler of one still runs: `confirmed` means nothing of the
 * run still executes. Nothing is confirmed because time passed.
 */
export function decideStopConfirmation(input: {
  run: { runStatus: RunStatus; cancelStatus: string | null; terminalPersisted: boolean };
  unfinishedJobs: number;
}): StopConfirmation {
  const { run } = input;
  if (!isStopAsked(run.cancelStatus)) return { kind: "nothing" };
  if (!finishedRunStatuses.has(run.runStatus) || !run.terminalPersisted) return { kind: "nothing" };
  return input.unfinishedJobs === 0 ? { kind: "confirm" } : { kind: "wait" };
}
