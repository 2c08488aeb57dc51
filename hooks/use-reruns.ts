"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  isRerunActive,
  rerunListSchema,
  rerunSchema,
  startRerunResponseSchema,
} from "@/lib/contracts/rerun";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";
import { randomUuid } from "./api/random-uuid";
import { rerunQueryKeys } from "./api/rerun-query-keys";

/** How often a re-run that is still asking its turns is read again. */
const activePollMs = 1000;

/** One re-run with its turn-by-turn comparison, read again while it still works. */
export function useRerun(rerunId: string | null) {
  return useQuery({
    queryKey: rerunQueryKeys.rerun(rerunId ?? ""),
    enabled: rerunId !== null,
    queryFn: () =>
      fetchJson({ url: `/api/reruns/${encodeURIComponent(rerunId ?? "")}`, schema: rerunSchema }),
    refetchInterval: (query) =>
      query.state.data && isRerunActive(query.state.data.status) ? activePollMs : false,
  });
}

/** The re-runs of a project, newest first; read again while one of them works. */
export function useProjectReruns(projectId: string) {
  return useQuery({
    queryKey: rerunQueryKeys.project(projectId),
    queryFn: () =>
      fetchJson({
        url: `/api/projects/${encodeURIComponent(projectId)}/reruns`,
        schema: rerunListSchema,
      }),
    refetchInterval: (query) =>
      query.state.data?.reruns.some((rerun) => isRerunActive(rerun.status)) ? activePollMs : false,
  });
}

/** Starts a re-run of a conversation on the latest data (a fresh start_request_id per click). */
export function useStartRerun({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sessionId: string }) =>
      fetchJson({
        url: `/api/sessions/${encodeURIComponent(input.sessionId)}/rerun`,
        schema: startRerunResponseSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ start_request_id: randomUuid() }),
        },
      }),
    // The re-run's new conversation joins the project's list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rerunQueryKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: chatQueryKeys.sessions(projectId) }),
      ]),
  });
}
