import { terminalEventTypes } from "@/lib/contracts/run-event";

/** A stored event that opens or closes a phase of a run, with the time it was written. */
export type PhaseBoundary = { type: string; createdAt: Date };

/** The events whose times bound a run's phases: each phase opens with `run_started`. */
export const phaseBoundaryTypes = ["run_started", ...terminalEventTypes] as const;

/**
 * A run's wall time in seconds, the waits for an approval left out: each phase counts from its
 * `run_started` to the first terminal event after it (a pause closes a phase, the approval's
 * continuation opens the next). A phase still open counts up to `openPhaseEnd` — now while the
 * run executes — or not at all when null. Millisecond precision, never negative.
 */
export function activeSeconds(input: {
  /** The run's phase boundaries in stream order. */
  boundaries: readonly PhaseBoundary[];
  openPhaseEnd: Date | null;
  /**
   * No phase counts past this: an interrupted run's end is written when it is found lost (at the
   * next start, maybe hours later), so it stops counting at its last sign of work.
   */
  cutOffAt?: Date | null;
}): number {
  const cut = input.cutOffAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const until = (end: Date) => Math.min(end.getTime(), cut);
  let totalMs = 0;
  let openedAt: Date | null = null;
  for (const boundary of input.boundaries) {
    if (boundary.type === "run_started") {
      openedAt ??= boundary.createdAt;
    } else if (openedAt && terminalEventTypes.has(boundary.type as never)) {
      totalMs += Math.max(0, until(boundary.createdAt) - openedAt.getTime());
      openedAt = null;
    }
  }
  if (openedAt && input.openPhaseEnd) {
    totalMs += Math.max(0, until(input.openPhaseEnd) - openedAt.getTime());
  }
  return Math.round(totalMs) / 1000;
}
