"use client";

import { useEffect, useId, useState } from "react";
import { ApiRequestError, describeError } from "@/hooks/api/api-request-error";
import type { RunView } from "@/hooks/api/run-view";
import { useStopRun } from "@/hooks/use-stop-run";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { isStopAsked, liveRunStatuses } from "@/lib/contracts/run-status";
import { secondaryButtonClass } from "../../ui/button-styles";

type StopState = "idle" | "stopping" | "stopped" | "failed" | "ended";

/**
 * Stop for a live run (shown only when the server reports `run_cancel_v1`, RC-1): "Stop" →
 * "Stopping…" once the server accepted the stop → "Stopped" once the stop is confirmed, i.e.
 * nothing of the run executes any more (RC-6). A run saved as cancelled while one of its jobs
 * still runs stays "Stopping…", however long, and so does a page reloaded meanwhile. A stop the
 * server could not confirm (503 CANCEL_NOT_CONFIRMED, or `not_confirmed`) says so plainly and
 * leaves the button usable: pressing it again retries the same stop request.
 */
export function StopRunButton({
  runId,
  view,
  live,
  savedCancelStatus,
  onAccepted,
  onSnapshot,
}: {
  runId: string;
  view: RunView;
  /** Whether the page follows the run live (its status may not be known yet). */
  live: boolean;
  /** The cancel status the session's record gives this run (a stop asked before a reload). */
  savedCancelStatus?: string | null;
  /** The server accepted the stop; `wasPaused` when the run's stream had already ended. */
  onAccepted: (wasPaused: boolean) => void;
  onSnapshot: (snapshot: RunSnapshot) => void;
}) {
  const statusId = useId();
  const stop = useStopRun({ runId, onSnapshot });
  const status = view.runStatus;
  const notConfirmed =
    view.cancelStatus === "not_confirmed" ||
    stop.data?.cancel_status === "not_confirmed" ||
    (stop.error instanceof ApiRequestError && stop.error.code === "CANCEL_NOT_CONFIRMED");

  // A stop saved but waiting for the run's jobs to exit (the run may already read cancelled).
  const stopPending =
    view.cancelStatus !== "confirmed" &&
    (isStopAsked(view.cancelStatus) || isStopAsked(savedCancelStatus));

  let state: StopState;
  if (view.cancelStatus === "confirmed" || (status === "cancelled" && !stopPending)) {
    state = "stopped";
  } else if (status !== null && !liveRunStatuses.has(status) && !stopPending) state = "ended";
  else if (stop.isPending) state = "stopping";
  else if (stop.isError || notConfirmed) state = "failed";
  else if (stop.isSuccess || stopPending) state = "stopping";
  else state = "idle";

  // A stop this page saw pending (e.g. after a reload) keeps the button until it says "Stopped".
  const [sawPendingStop, setSawPendingStop] = useState(false);
  useEffect(() => {
    if (stopPending) setSawPendingStop(true);
  }, [stopPending]);
  const requested = !stop.isIdle || stopPending || sawPendingStop;
  const stoppable = status === null ? live : liveRunStatuses.has(status);
  if (!stoppable && !requested) return null;
  // The run ended by itself before the stop took hold: nothing left to stop or to report.
  if (state === "ended" && !stop.isSuccess) return null;

  const failure = stop.isError ? describeError(stop.error) : null;
  const label =
    state === "stopping"
      ? "Stopping…"
      : state === "stopped"
        ? "Stopped"
        : state === "failed"
          ? "Stop (try again)"
          : "Stop";

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="stop-run">
      {state !== "ended" ? (
        <button
          type="button"
          className={`${secondaryButtonClass} border-red-300 text-red-800 hover:bg-red-50`}
          disabled={state === "stopping" || state === "stopped"}
          aria-busy={state === "stopping"}
          aria-describedby={failure || notConfirmed ? statusId : undefined}
          onClick={() =>
            stop.mutate(undefined, { onSuccess: () => onAccepted(status === "paused") })
          }
          data-testid="stop-run-button"
          data-state={state}
        >
          {state === "idle" || state === "failed" ? (
            <span aria-hidden="true" className="size-2.5 rounded-[2px] bg-red-700" />
          ) : null}
          {label}
        </button>
      ) : null}
      <p
        id={statusId}
        role={state === "failed" ? "alert" : "status"}
        className={`text-xs ${state === "failed" ? "text-red-800" : "text-slate-600"}`}
        data-testid="stop-run-status"
      >
        {state === "stopping"
          ? "Stopping the run: waiting for the agent, its tools and its jobs to exit…"
          : state === "stopped"
            ? "The run was stopped; what it produced so far is kept."
            : state === "ended"
              ? `The run ended (${status}) before the stop took hold.`
              : state === "failed"
                ? notConfirmed
                  ? "Could not confirm the stop: the server could not record it (CANCEL_NOT_CONFIRMED), so the run may still be working. Try again."
                  : `The stop was not accepted: ${failure?.message ?? ""} (${failure?.code ?? ""}). Try again.`
                : ""}
      </p>
    </div>
  );
}
