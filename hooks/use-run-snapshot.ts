"use client";

import { useQuery } from "@tanstack/react-query";
import { isRunBusy } from "@/lib/contracts/run-status";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchRunSnapshot } from "./api/fetch-run-snapshot";

/**
 * The saved state of a run; a finished, saved run whose stop (if any) is confirmed never
 * changes, so it is cached for good.
 */
export function useRunSnapshot(runId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatQueryKeys.run(runId),
    queryFn: ({ signal }) => fetchRunSnapshot({ runId, signal }),
    enabled,
    staleTime: (query) => {
      const data = query.state.data;
      const settled =
        data !== undefined &&
        !isRunBusy({
          runStatus: data.run_status,
          terminalPersisted: data.terminal_persisted,
          cancelStatus: data.cancel_status,
        });
      return settled ? Number.POSITIVE_INFINITY : 0;
    },
  });
}
