"use client";

import type { RunView } from "@/hooks/api/run-view";
import { useCapabilities } from "@/hooks/use-capabilities";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { StopRunButton } from "../composer/stop-run-button";

/** Under a run: the connection's status line (pulsing while busy) and, when offered, Stop. */
export function RunStatusFooter({
  runId,
  view,
  live,
  status,
  isBusy,
  savedCancelStatus,
  onStopAccepted,
  onSnapshot,
}: {
  runId: string;
  view: RunView;
  live: boolean;
  status: string | null;
  isBusy: boolean;
  savedCancelStatus?: string | null;
  onStopAccepted: (wasPaused: boolean) => void;
  onSnapshot: (snapshot: RunSnapshot) => void;
}) {
  const capabilities = useCapabilities();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {status ? (
        <p className="flex items-center gap-2 text-xs text-slate-500" data-testid="run-status-line">
          {isBusy ? (
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-blue-600" />
          ) : null}
          {status}
        </p>
      ) : (
        <span />
      )}
      {capabilities.data?.run_cancel_v1 ? (
        <StopRunButton
          runId={runId}
          view={view}
          live={live}
          savedCancelStatus={savedCancelStatus}
          onAccepted={onStopAccepted}
          onSnapshot={onSnapshot}
        />
      ) : null}
    </div>
  );
}
