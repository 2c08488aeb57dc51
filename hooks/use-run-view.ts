"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { RunEvent } from "@/lib/contracts/run-event";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { applyRunSnapshot } from "./api/apply-run-snapshot";
import { chatQueryKeys } from "./api/chat-query-keys";
import { followRun } from "./api/follow-run";
import type { UnknownRunEvent } from "./api/read-run-events";
import type { RunConnection } from "./api/run-connection";
import { isSavedAndFinished } from "./api/run-snapshot-rest";
import { applyRunEvent, initialRunView, type RunView } from "./api/run-view";
import { useRunSnapshot } from "./use-run-snapshot";

type Action =
  | { type: "event"; event: RunEvent | UnknownRunEvent }
  | { type: "snapshot"; snapshot: RunSnapshot };

function reduce(view: RunView, action: Action): RunView {
  return action.type === "event"
    ? applyRunEvent(view, action.event)
    : applyRunSnapshot(view, action.snapshot);
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

    // The record is at rest: the session and the sessions lists (ordered by the last run) change.
    const refreshSession = (snapshot: RunSnapshot) => {
      queryClient.setQueryData(chatQueryKeys.run(runId), snapshot);
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.session(snapshot.session_id) });
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === "projects" && query.queryKey[2] === "sessions",
      });
    };

    void followRun({
      runId,
      signal,
      cursor: cursorRef,
      onEvent: (event) => dispatch({ type: "event", event }),
      onSnapshot: (snapshot) => dispatch({ type: "snapshot", snapshot }),
      onSaved: refreshSession,
      setConnection,
    });
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
