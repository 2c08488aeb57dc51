"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionSchema } from "@/lib/contracts/session";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";

/** Opens a new conversation in a project and refreshes that project's list. */
export function useChatCreateSession({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title?: string } = {}) =>
      fetchJson({
        url: `/api/projects/${encodeURIComponent(projectId)}/sessions`,
        schema: sessionSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(input.title ? { title: input.title } : {}),
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.sessions(projectId) }),
  });
}
