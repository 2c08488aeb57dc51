"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { RunOptions } from "@/lib/contracts/run-options";
import { startRunResponseSchema } from "@/lib/contracts/run-start";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";
import { randomUuid } from "./api/random-uuid";

export type ChatSendInput = {
  message: string;
  attachments: string[];
  options: RunOptions;
  /** Editing the latest turn: the finished run this message answers instead (kept in history). */
  replacesRunId?: string;
};

function fingerprintOf(input: ChatSendInput): string {
  return JSON.stringify({
    message: input.message,
    attachments: [...input.attachments].sort(),
    options: input.options,
    replacesRunId: input.replacesRunId ?? null,
  });
}

/**
 * Sends one message as a run (`POST /api/sessions/{id}/runs`). Each send gets a fresh
 * `start_request_id`; sending the very same content again after a failure reuses it, so a
 * request that reached the server before the connection broke answers 200 with the same run
 * instead of starting a second one (RC-2). On success the session is re-read, which brings the
 * new run (and its live stream) onto the page.
 */
export function useChatSend({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const pending = useRef<{ id: string; fingerprint: string } | null>(null);

  return useMutation({
    mutationFn: async (input: ChatSendInput) => {
      const fingerprint = fingerprintOf(input);
      if (pending.current?.fingerprint !== fingerprint) {
        pending.current = { id: randomUuid(), fingerprint };
      }
      const run = await fetchJson({
        url: `/api/sessions/${encodeURIComponent(sessionId)}/runs`,
        schema: startRunResponseSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            start_request_id: pending.current.id,
            message: input.message,
            attachments: input.attachments,
            options: input.options,
            ...(input.replacesRunId ? { replaces_run_id: input.replacesRunId } : {}),
          }),
        },
      });
      pending.current = null;
      // Wait for the session to list the run, so the box clears and the answer appears together.
      await queryClient.refetchQueries({ queryKey: chatQueryKeys.session(sessionId) });
      return run;
    },
    onError: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.session(sessionId) }),
  });
}
