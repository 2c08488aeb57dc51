import { executingRunStatuses, isStopAsked, type RunStatus } from "@/lib/contracts/run-status";

export type RunCancelDecision =
  /** Live: the stop is recorded and the executor must be signalled; `changed` → write it. */
  | { kind: "signal"; cancelStatus: "requested" | "stopping"; changed: boolean }
  /** A saved pause: cancelled on the spot (no agent is built for it). */
  | { kind: "cancel_pause"; approvalReason: string }
  /**
   * Already finished: the stop holds as it is — `confirmed`, or still `stopping` while a stop
   * saved earlier waits for the run's jobs to exit (RC-6).
   */
  | { kind: "finished"; cancelStatus: "stopping" | "confirmed" };

/**
 * What a cancel does to one run (RC-3, RC-5), under its session lock: a live run is marked
 * `requested` (a stop already `stopping` stays so); a saved, stopped pause is cancelled at once;
 * anything else has finished (its stop, if one was saved, is confirmed only once its jobs exited).
 */
export function decideRunCancel(input: {
  run: {
    runStatus: RunStatus;
    cancelStatus: string | null;
    executionStopped: boolean;
    terminalPersisted: boolean;
  };
}): RunCancelDecision {
  const { run } = input;
  if (executingRunStatuses.has(run.runStatus)) {
    const cancelStatus = run.cancelStatus === "stopping" ? "stopping" : "requested";
    return { kind: "signal", cancelStatus, changed: run.cancelStatus !== cancelStatus };
  }
  if (run.runStatus === "paused" && run.executionStopped && run.terminalPersisted) {
    return {
      kind: "cancel_pause",
      approvalReason: "The run was cancelled while it waited for approval.",
    };
  }
  return {
    kind: "finished",
    cancelStatus: isStopAsked(run.cancelStatus) ? "stopping" : "confirmed",
  };
}

/** A cancel intent is confirmed once it reached a run and every run it reached is confirmed. */
export function isCancelIntentSettled(input: { cancelStatuses: readonly string[] }): boolean {
  return (
    input.cancelStatuses.length > 0 &&
    input.cancelStatuses.every((cancelStatus) => cancelStatus === "confirmed")
  );
}
