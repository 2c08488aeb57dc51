// Client-safe: hooks and components read these sets too, so nothing server-only is imported here.

/** Statuses of a run (PS-5), as the database and the API spell them. */
export const runStatuses = [
  "preparing",
  "running",
  "paused",
  "completed",
  "cancelled",
  "interrupted",
  "error",
] as const;

export type RunStatus = (typeof runStatuses)[number];

/** The statuses a run phase can end with, before it is saved. */
export type FinalRunStatus = "completed" | "paused" | "error" | "cancelled";

/** Statuses in which a run may still produce events; such a run keeps its session busy (RC-2). */
export const liveRunStatuses: ReadonlySet<RunStatus> = new Set(["preparing", "running", "paused"]);

/** Statuses in which an executor works on the run: a stop must reach it (RC-5). */
export const executingRunStatuses: ReadonlySet<RunStatus> = new Set(["preparing", "running"]);

/** Statuses of a finished run; only such a run (the latest) may be edited and re-asked. */
export const finishedRunStatuses: ReadonlySet<RunStatus> = new Set([
  "completed",
  "cancelled",
  "error",
  "interrupted",
]);

/** Cancel statuses of a stop that was asked for and is not confirmed yet. */
export const stopAskedCancelStatuses: ReadonlySet<"requested" | "stopping"> = new Set([
  "requested",
  "stopping",
]);

/**
 * True while a run keeps its session from accepting a message: live, not saved yet (PS-3), or
 * stopped but not confirmed — one of its jobs may still be executing (RC-6).
 */
export function isRunBusy(run: {
  runStatus: RunStatus;
  terminalPersisted: boolean;
  cancelStatus: string | null | undefined;
}): boolean {
  return (
    liveRunStatuses.has(run.runStatus) || !run.terminalPersisted || isStopAsked(run.cancelStatus)
  );
}

/** True when a stop was asked for the run and not confirmed yet. */
export function isStopAsked(cancelStatus: string | null | undefined): boolean {
  return (stopAskedCancelStatuses as ReadonlySet<string | null | undefined>).has(cancelStatus);
}
