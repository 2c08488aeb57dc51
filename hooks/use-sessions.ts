"use client";

import { useQuery } from "@tanstack/react-query";
import { sessionListSchema } from "@/lib/contracts/session";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";

/** Conversations of one project, most recent first. */
export function useSessions(projectId: string) {
  return useQuery({
    queryKey: chatQueryKeys.sessions(projectId),
    queryFn: () =>
      fetchJson({
        url: `/api/projects/${encodeURIComponent(projectId)}/sessions`,
        schema: sessionListSchema,
      }),
    select: (data) => data.sessions,
  });
}
