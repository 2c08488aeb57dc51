"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { cancelRunResponseSchema } from "@/lib/contracts/run-cancel";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { abortableSleep } from "./api/abortable-sleep";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";
import { fetchRunSnapshot } from "./api/fetch-run-snapshot";
import { randomUuid } from "./api/random-uuid";
import { isSavedAndFinished } from "./api/run-snapshot-rest";

// After an accepted stop the record is read until it says how the stop ended (RC-6): every
// second at first, then every few seconds — a stop waits as long as a job of the run takes to
// exit, which may be minutes.
const confirmPollMs = 1000;
const slowConfirmPollMs = 5000;
const fastConfirmPolls = 120;

/**
 * Stops a run (`POST /api/runs/cancel`, RC-3). One `cancel_request_id` is made for the run the
 * first time Stop is pressed and reused for every retry, so a retry after a lost answer or a
 * 503 CANCEL_NOT_CONFIRMED is the same stop, never a second intent. Once the server accepted it,
 * the run's record is read until it is finished, saved and its stop confirmed (or the stop is
 * `not_confirmed`) and each read is handed to `onSnapshot`: that confirms the stop even when no
 * event is left to read (a paused run's stream has already ended, or its executor died).
 */
export function useStopRun({
  runId,
  onSnapshot,
}: {
  runId: string;
  onSnapshot: (snapshot: RunSnapshot) => void;
}) {
  const queryClient = useQueryClient();
  const cancelRequestId = useRef<string | null>(null);
  const onSnapshotRef = useRef(onSnapshot);
  useEffect(() => {
    onSnapshotRef.current = onSnapshot;
  }, [onSnapshot]);

  const mutation = useMutation({
    mutationFn: () => {
      cancelRequestId.current ??= randomUuid();
      return fetchJson({
        url: "/api/runs/cancel",
        schema: cancelRunResponseSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ cancel_request_id: cancelRequestId.current, run_id: runId }),
        },
      });
    },
    // The message box says "stopping" from the session's active run.
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.allSessions }),
  });

  const acceptedAt = mutation.isSuccess ? mutation.submittedAt : null;
  useEffect(() => {
    if (acceptedAt === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    const confirm = async () => {
      for (let poll = 0; !signal.aborted; poll++) {
        await abortableSleep(poll < fastConfirmPolls ? confirmPollMs : slowConfirmPollMs, signal);
        if (signal.aborted) return;
        try {
          const snapshot = await fetchRunSnapshot({ runId, signal });
          if (signal.aborted) return;
          onSnapshotRef.current(snapshot);
          if (isSavedAndFinished(snapshot) || snapshot.cancel_status === "not_confirmed") {
            void queryClient.invalidateQueries({ queryKey: chatQueryKeys.allSessions });
            return;
          }
        } catch {
          // A failed read is retried on the next poll; the stream may confirm it meanwhile.
        }
      }
    };
    void confirm();
    return () => controller.abort();
  }, [acceptedAt, runId, queryClient]);

  return mutation;
}
