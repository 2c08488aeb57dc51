"use client";

import { useQuery } from "@tanstack/react-query";
import { liveRunStatuses } from "@/lib/contracts/run-status";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchRunSnapshot } from "./api/fetch-run-snapshot";

/** The saved state of a run; a finished, saved run never changes, so it is cached for good. */
export function useRunSnapshot(runId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatQueryKeys.run(runId),
    queryFn: ({ signal }) => fetchRunSnapshot({ runId, signal }),
    enabled,
    staleTime: (query) => {
      const data = query.state.data;
      return data?.terminal_persisted && !liveRunStatuses.has(data.run_status)
        ? Number.POSITIVE_INFINITY
        : 0;
    },
  });
}
