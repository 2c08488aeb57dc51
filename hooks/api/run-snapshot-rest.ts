import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { isRunBusy } from "@/lib/contracts/run-status";

/**
 * A finished run whose record is saved and whose stop, if one was asked, is confirmed: nothing
 * about it changes any more. A stop still `stopping` waits for the run's jobs (RC-6).
 */
export function isSavedAndFinished(snapshot: RunSnapshot): boolean {
  return !isRunBusy({
    runStatus: snapshot.run_status,
    terminalPersisted: snapshot.terminal_persisted,
    cancelStatus: snapshot.cancel_status,
  });
}

/**
 * Where reading the record may stop: finished and saved, or paused and saved (only a saved,
 * executor-stopped pause accepts a decision, AP-4).
 */
export function isAtRest(snapshot: RunSnapshot): boolean {
  return (
    isSavedAndFinished(snapshot) ||
    (snapshot.run_status === "paused" && snapshot.terminal_persisted && snapshot.execution_stopped)
  );
}
