import "server-only";
import type { CancelRunResponse } from "@/lib/contracts/run-cancel";
import { markRunStopping } from "@/lib/db/queries/run-records";
import { findRunForOwner } from "@/lib/db/queries/runs";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { isDatabaseUnavailable } from "@/lib/errors/is-database-unavailable";
import {
  CancelIdConflictError,
  CancelNotConfirmedError,
  InvalidCancelTargetError,
} from "@/lib/errors/run-control-errors";
import { getRequestActor } from "@/lib/identity/request-actor";
import { runEventLog } from "../events/run-event-log";
import { runScope } from "../start/launch-run";
import type { CancelBody } from "./cancel-body-schema";
import { hasOneCancelTarget, invalidCancelTargetMessage } from "./decide-cancel-binding";
import { type CancelRecordResult, recordRunCancel, recordStartCancel } from "./record-cancel";
import { runControlStatus } from "./run-control-enabled";

// Who cancels. If the database is down while the actor is resolved, an internal caller's
// X-User-ID (its key already checked) still lets this process stop that user's local work.
async function resolveOwner(request: Request, body: CancelBody): Promise<string | null> {
  try {
    return (await getRequestActor(request)).userId;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const claimed = request.headers.get("x-user-id");
    const scope = claimed && body.run_id ? runScope(body.run_id, claimed) : undefined;
    return scope ? claimed : null;
  }
}

// With the database down (RC-6): stop what runs here for its owner — its final state is staged
// and repaired later — and say the stop is not confirmed, never pretend it is.
function stopLocallyAndRefuse(ownerId: string | null, body: CancelBody): never {
  const scope = body.run_id && ownerId ? runScope(body.run_id, ownerId) : undefined;
  scope?.abort();
  throw new CancelNotConfirmedError(
    "The database cannot be reached, so the stop could not be recorded or confirmed. Work in this server was stopped where possible; try again.",
    { run_id: body.run_id ?? null, local_stop: Boolean(scope) },
  );
}

/**
 * POST /api/runs/cancel (RC-3…RC-6). The intent is recorded first (bound to its one target);
 * a live run's scope is then aborted at once — preparation, model stream and tool calls share
 * it — and the answer says how far the stop is: `requested`, `stopping`, or `confirmed` once the
 * executor exited and saved its final state. With the database down the local work is stopped
 * anyway and the answer is CANCEL_NOT_CONFIRMED, never a confirmation nobody saved.
 */
export async function cancelRun(input: {
  request: Request;
  body: CancelBody;
}): Promise<CancelRunResponse> {
  const { body } = input;
  // Who asks comes first (a wrong internal key is 401 whatever the body says).
  const ownerId = await resolveOwner(input.request, body);
  const control = runControlStatus();
  if (!control.enabled) {
    throw new InvalidRequestError("Stopping runs is turned off on this server.", {
      capability: "run_cancel_v1",
      reason: control.reason,
    });
  }
  if (!hasOneCancelTarget({ runId: body.run_id, startRequestId: body.start_request_id })) {
    throw new InvalidCancelTargetError(invalidCancelTargetMessage);
  }
  if (ownerId === null) stopLocallyAndRefuse(null, body);
  let result: CancelRecordResult;
  try {
    result = body.run_id
      ? await recordRunCancel({
          ownerId,
          runId: body.run_id,
          cancelRequestId: body.cancel_request_id,
        })
      : await recordStartCancel({
          ownerId,
          startRequestId: body.start_request_id as string,
          cancelRequestId: body.cancel_request_id,
        });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    stopLocallyAndRefuse(ownerId, body);
  }
  if (result.kind === "not_found") throw new NotFoundError("Run", { run_id: body.run_id });
  if (result.kind === "conflict") {
    throw new CancelIdConflictError(
      "This cancel_request_id was already used for another target.",
      result.details,
    );
  }
  const settled = [];
  for (const run of result.runs) {
    let cancelStatus = run.cancelStatus;
    if (run.pausedRunCancelled) await announcePausedRunCancelled(run.runId, ownerId);
    if (run.needsSignal) {
      const scope = runScope(run.runId, ownerId);
      if (scope) {
        scope.abort();
        await markRunStopping(run.runId);
        cancelStatus = "stopping";
      }
    }
    settled.push({ run_id: run.runId, run_status: run.runStatus, cancel_status: cancelStatus });
  }
  const first = settled[0];
  return {
    // No run yet for this start_request_id: the intent waits and refuses the late start.
    cancel_status: first?.cancel_status ?? "requested",
    run_id: first?.run_id ?? null,
    run_status: first?.run_status ?? null,
    ...(settled.length > 1 ? { runs: settled } : {}),
  };
}

// A saved pause cancelled here ends its stream with `run_cancelled` right after the pause,
// whichever instance ran the phase: the log of this process numbers on from the run's saved
// last seq when it never saw the run (the event reaches other instances through the table).
async function announcePausedRunCancelled(runId: string, ownerId: string): Promise<void> {
  let log = runEventLog(runId);
  if (!log) {
    const saved = await findRunForOwner({ ownerId, runId });
    if (!saved) return;
    log = runEventLog(runId, { create: true, firstSeq: saved.lastEventSeq + 1 });
  }
  log?.append({ type: "run_cancelled" });
}
