"use client";

import { useQuery } from "@tanstack/react-query";
import { isRunBusy } from "@/lib/contracts/run-status";
import { type SessionSnapshot, sessionSnapshotSchema } from "@/lib/contracts/session";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";

// While a run works (or is saving) the snapshot changes on the server: `can_send`, messages.
const busyPollMilliseconds = 1500;

function isWorking(snapshot: SessionSnapshot | undefined): boolean {
  const active = snapshot?.active_run;
  if (!active) return false;
  // A paused run waits for a person, not for the server: no point polling for it.
  if (active.run_status === "paused") return false;
  return isRunBusy({
    runStatus: active.run_status,
    terminalPersisted: active.terminal_persisted,
    cancelStatus: active.cancel_status,
  });
}

/** One conversation: messages, run summaries, the active run and whether a message may be sent. */
export function useChatSession(sessionId: string | null) {
  return useQuery({
    queryKey: chatQueryKeys.session(sessionId ?? ""),
    queryFn: () =>
      fetchJson({
        url: `/api/sessions/${encodeURIComponent(sessionId ?? "")}`,
        schema: sessionSnapshotSchema,
      }),
    enabled: sessionId !== null,
    staleTime: 0,
    refetchInterval: (query) => (isWorking(query.state.data) ? busyPollMilliseconds : false),
  });
}
