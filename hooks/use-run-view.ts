"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { RunEvent } from "@/lib/contracts/run-event";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { isRunBusy } from "@/lib/contracts/run-status";
import { abortableSleep as sleep } from "./api/abortable-sleep";
import { ApiRequestError } from "./api/api-request-error";
import { applyRunSnapshot } from "./api/apply-run-snapshot";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchRunSnapshot } from "./api/fetch-run-snapshot";
import { readRunEvents, type UnknownRunEvent } from "./api/read-run-events";
import { applyRunEvent, initialRunView, type RunView } from "./api/run-view";
import { useRunSnapshot } from "./use-run-snapshot";

/**
 * How the page is following a run: reading its events, waiting to reconnect, rebuilding it from
 * the saved snapshot, or done.
 */
export type RunConnection =
  | { kind: "connecting" }
  | { kind: "streaming" }
  | { kind: "reconnecting"; attempt: number; delayMs: number }
  | { kind: "recovering" }
  | { kind: "settled" }
  | { kind: "failed"; error: unknown };

type Action =
  | { type: "event"; event: RunEvent | UnknownRunEvent }
  | { type: "snapshot"; snapshot: RunSnapshot };

function reduce(view: RunView, action: Action): RunView {
  return action.type === "event"
    ? applyRunEvent(view, action.event)
    : applyRunSnapshot(view, action.snapshot);
}

// Reconnect backoff: 0.5 s, 1 s, 2 s, 4 s, then 8 s, with ±20% jitter so tabs do not align.
const firstDelayMs = 500;
const maxDelayMs = 8000;
// After this many failed attempts in a row the snapshot is the better source.
const maxReconnectAttempts = 6;
const snapshotPollMs = 1500;
const settlePollMs = 400;
const maxSettleAttempts = 40;

function backoffDelay(attempt: number): number {
  const base = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

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
function isAtRest(snapshot: RunSnapshot): boolean {
  return (
    isSavedAndFinished(snapshot) ||
    (snapshot.run_status === "paused" && snapshot.terminal_persisted && snapshot.execution_stopped)
  );
}

/**
 * One run as the page shows it. A live run is followed through its event stream from cursor -1
 * (so a refresh replays what was missed, EV-1), reconnecting with backoff from the last seq;
 * on REPLAY_UNAVAILABLE (HTTP 410 or the in-stream event) the run is rebuilt from
 * `GET /api/runs/{id}` instead (EV-2). After the terminal event the snapshot is merged in for
 * the full tool results. A finished run is drawn from its snapshot alone.
 *
 * The stream ends at `run_paused`; after an approval decision (or a stop of the paused run) the
 * same run goes on, so `resume` opens the stream again from the last seq and the new
 * generation's events land on the same cards (AP-4). `mergeSnapshot` folds in a snapshot read
 * elsewhere (a stale approval, a stop being confirmed); a finished, saved one ends the following.
 */
export function useRunView({ runId, live }: { runId: string; live: boolean }): {
  view: RunView;
  connection: RunConnection;
  retry: () => void;
  resume: () => void;
  mergeSnapshot: (snapshot: RunSnapshot) => void;
} {
  const queryClient = useQueryClient();
  // A run that was live when the page saw it is followed to its end; `resume` turns it on too.
  const [streaming, setStreaming] = useState(live);
  const [view, dispatch] = useReducer(reduce, runId, initialRunView);
  const [connection, setConnection] = useState<RunConnection>({ kind: "connecting" });
  const [attemptKey, setAttemptKey] = useState(0);
  const cursorRef = useRef(-1);
  const followRef = useRef<AbortController | null>(null);
  const snapshotQuery = useRunSnapshot(runId, { enabled: !streaming });

  useEffect(() => {
    if (!streaming) return;
    // attemptKey: a manual retry or a resume restarts the loop below from the cursor.
    void attemptKey;
    const controller = new AbortController();
    followRef.current = controller;
    const { signal } = controller;

    const refreshSession = (snapshot: RunSnapshot) => {
      queryClient.setQueryData(chatQueryKeys.run(runId), snapshot);
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.session(snapshot.session_id) });
      // The sessions lists order by the last run.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === "projects" && query.queryKey[2] === "sessions",
      });
    };

    // After the terminal event the record may still be saving: read it until it is saved (or,
    // for a pause, until it says paused and names the pending step with its preview). A pause
    // read in a later generation was decided meanwhile (elsewhere, or before a refresh whose
    // replay stops at `run_paused`): "moved_on" tells the caller to read the next events.
    const settle = async (pausedGeneration: number | null): Promise<"rest" | "moved_on"> => {
      for (let attempt = 0; attempt < maxSettleAttempts && !signal.aborted; attempt++) {
        try {
          const snapshot = await fetchRunSnapshot({ runId, signal });
          if (signal.aborted) return "rest";
          dispatch({ type: "snapshot", snapshot });
          if (
            pausedGeneration !== null &&
            snapshot.execution_generation > pausedGeneration &&
            !isSavedAndFinished(snapshot)
          ) {
            return "moved_on";
          }
          if (isAtRest(snapshot) || attempt === maxSettleAttempts - 1) {
            refreshSession(snapshot);
            return "rest";
          }
        } catch {
          if (signal.aborted) return "rest";
        }
        await sleep(settlePollMs, signal);
      }
      return "rest";
    };

    // Events are gone (or unreachable): the snapshot is the source until the run is over.
    const recover = async () => {
      setConnection({ kind: "recovering" });
      for (;;) {
        if (signal.aborted) return;
        try {
          const snapshot = await fetchRunSnapshot({ runId, signal });
          if (signal.aborted) return;
          dispatch({ type: "snapshot", snapshot });
          if (isAtRest(snapshot)) {
            refreshSession(snapshot);
            setConnection({ kind: "settled" });
            return;
          }
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
            setConnection({ kind: "failed", error });
            return;
          }
        }
        await sleep(snapshotPollMs, signal);
      }
    };

    const follow = async () => {
      let failures = 0;
      // The generation of the last `run_paused` read, if that was the last terminal event.
      let pausedGeneration: number | null = null;
      for (;;) {
        if (signal.aborted) return;
        setConnection(
          failures === 0
            ? { kind: "connecting" }
            : { kind: "reconnecting", attempt: failures, delayMs: 0 },
        );
        try {
          const end = await readRunEvents({
            runId,
            afterSeq: cursorRef.current,
            signal,
            onEvent: (event) => {
              if (event.seq <= cursorRef.current) return;
              cursorRef.current = event.seq;
              failures = 0;
              pausedGeneration =
                event.type === "run_paused" ? (event.execution_generation ?? 1) : null;
              dispatch({ type: "event", event });
              setConnection((current) =>
                current.kind === "streaming" ? current : { kind: "streaming" },
              );
            },
          });
          if (signal.aborted) return;
          if (end.kind === "terminal") {
            if ((await settle(pausedGeneration)) === "moved_on") {
              pausedGeneration = null;
              continue;
            }
            if (!signal.aborted) setConnection({ kind: "settled" });
            return;
          }
          if (end.kind === "replay_unavailable") return recover();
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof ApiRequestError && error.code === "REPLAY_UNAVAILABLE") {
            return recover();
          }
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
            setConnection({ kind: "failed", error });
            return;
          }
        }
        failures += 1;
        if (failures > maxReconnectAttempts) return recover();
        const delayMs = backoffDelay(failures);
        setConnection({ kind: "reconnecting", attempt: failures, delayMs });
        await sleep(delayMs, signal);
      }
    };

    void follow();
    return () => controller.abort();
  }, [streaming, runId, queryClient, attemptKey]);

  const resume = useCallback(() => {
    setStreaming(true);
    setAttemptKey((key) => key + 1);
  }, []);

  const mergeSnapshot = useCallback(
    (snapshot: RunSnapshot) => {
      dispatch({ type: "snapshot", snapshot });
      queryClient.setQueryData(chatQueryKeys.run(runId), snapshot);
      if (isSavedAndFinished(snapshot)) {
        // Nothing more will happen to this run: stop waiting for events that add nothing.
        followRef.current?.abort();
        setConnection({ kind: "settled" });
      }
    },
    [queryClient, runId],
  );

  const snapshotView = useMemo(
    () => (snapshotQuery.data ? applyRunSnapshot(initialRunView(runId), snapshotQuery.data) : null),
    [snapshotQuery.data, runId],
  );

  if (!streaming) {
    const snapshotConnection: RunConnection = snapshotQuery.isError
      ? { kind: "failed", error: snapshotQuery.error }
      : snapshotQuery.isPending
        ? { kind: "connecting" }
        : { kind: "settled" };
    return {
      view: snapshotView ?? initialRunView(runId),
      connection: snapshotConnection,
      retry: () => void snapshotQuery.refetch(),
      resume,
      mergeSnapshot,
    };
  }
  return { view, connection, retry: () => setAttemptKey((key) => key + 1), resume, mergeSnapshot };
}
