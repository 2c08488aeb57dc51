"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionSchema } from "@/lib/contracts/session";
import { ApiRequestError } from "./api/api-request-error";
import { chatQueryKeys } from "./api/chat-query-keys";
import { errorFromResponse } from "./api/error-from-response";
import { fetchJson } from "./api/fetch-json";

/** Rename and delete a conversation of a project; each refreshes the project's list. */
export function useSessionActions({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const refreshList = () =>
    queryClient.invalidateQueries({ queryKey: chatQueryKeys.sessions(projectId) });
  const rename = useMutation({
    mutationFn: (input: { sessionId: string; title: string }) =>
      fetchJson({
        url: `/api/sessions/${encodeURIComponent(input.sessionId)}`,
        schema: sessionSchema,
        init: {
          method: "PATCH",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ title: input.title }),
        },
      }),
    onSuccess: (session) => {
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.session(session.session_id) });
      return refreshList();
    },
  });
  const remove = useMutation({
    mutationFn: async (sessionId: string) => {
      let response: Response;
      try {
        response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}`, {
          method: "DELETE",
        });
      } catch {
        throw new ApiRequestError({
          status: 0,
          code: "NETWORK_ERROR",
          message: "The server could not be reached. Check that the app is running.",
        });
      }
      if (!response.ok) {
        throw errorFromResponse({ status: response.status, bodyText: await response.text() });
      }
      return sessionId;
    },
    onSuccess: (sessionId) => {
      queryClient.removeQueries({ queryKey: chatQueryKeys.session(sessionId) });
      return refreshList();
    },
  });
  return { rename, remove };
}
