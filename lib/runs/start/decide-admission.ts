import { finishedRunStatuses, type RunStatus } from "@/lib/contracts/run-status";

type RunControl = { id: string; runStatus: RunStatus; terminalPersisted: boolean };
export type ExistingRun = { id: string; requestFingerprint: string; executionGeneration: number };

/** What admission is checked against (RC-2, RC-3), read under the start and session locks. */
export type AdmissionRows = {
  /** The run this start_request_id already created in the session, if any. */
  existing: ExistingRun | null;
  /** A cancel by this start_request_id was recorded before the start arrived. */
  cancelledBeforeStart: boolean;
  /** A run that keeps the session busy (live, not saved yet, or its stop not confirmed). */
  busy: RunControl | null;
  /** The session's latest run; read only for an edit of the latest turn. */
  latest: RunControl | null;
};

/** A start_request_id already bound to a run: the same run for the same content, else a conflict. */
export type RetryDecision =
  | { kind: "existing"; run: ExistingRun }
  | { kind: "idempotency_conflict"; run: ExistingRun };

/**
 * What a start whose start_request_id already made a run gets (RC-2), decided from the
 * registration alone, before anything about the request is validated: a retry of the same
 * content always names its run, even if its model or attachment is gone since. Null when the
 * id made no run yet (never seen, or its earlier attempt was refused).
 */
export function decideRetry(input: {
  existing: ExistingRun | null;
  fingerprint: string;
}): RetryDecision | null {
  const { existing } = input;
  if (!existing) return null;
  const same = existing.requestFingerprint === input.fingerprint;
  return { kind: same ? "existing" : "idempotency_conflict", run: existing };
}

export type AdmissionDecision =
  | RetryDecision
  | { kind: "busy"; run: RunControl }
  | { kind: "not_replaceable"; reason: string }
  | { kind: "create"; cancelled: boolean };

/**
 * Whether a start request creates a run (RC-2): a start_request_id seen before returns its run
 * when the content is the same and is a conflict when it differs; a cancel that came first wins
 * (the run is recorded as cancelled, nothing runs); otherwise a busy session refuses, and an edit
 * must replace the session's latest finished, saved run.
 */
export function decideAdmission(input: {
  rows: AdmissionRows;
  request: { fingerprint: string; replacesRunId?: string };
}): AdmissionDecision {
  const { rows, request } = input;
  // Checked again under the locks: two first attempts may both have passed registration.
  const retry = decideRetry({ existing: rows.existing, fingerprint: request.fingerprint });
  if (retry) return retry;
  if (rows.cancelledBeforeStart) return { kind: "create", cancelled: true };
  if (rows.busy) return { kind: "busy", run: rows.busy };
  if (request.replacesRunId) {
    const reason = replaceRefusal({ latest: rows.latest, replacesRunId: request.replacesRunId });
    if (reason) return { kind: "not_replaceable", reason };
  }
  return { kind: "create", cancelled: false };
}

// Only the latest run of the session, finished and saved, and not replaced yet, can be edited.
function replaceRefusal(input: { latest: RunControl | null; replacesRunId: string }) {
  const { latest } = input;
  if (!latest || latest.id !== input.replacesRunId) {
    return "Only the latest turn of this session can be edited.";
  }
  if (!finishedRunStatuses.has(latest.runStatus) || !latest.terminalPersisted) {
    return "The latest turn is still working; stop it or wait before editing it.";
  }
  return null;
}
