"use client";

import { useQuery } from "@tanstack/react-query";
import { runTimelineSchema } from "@/lib/contracts/run-timeline";
import { fetchJson } from "./api/fetch-json";
import { usageQueryKeys } from "./api/usage-query-keys";

/**
 * A run's timeline (`GET /api/runs/{id}/timeline`), read when it is opened. A finished run's
 * never changes; a paused one's is read again the next time it is opened.
 */
export function useRunTimeline(runId: string, { finished }: { finished: boolean }) {
  return useQuery({
    queryKey: usageQueryKeys.runTimeline(runId),
    queryFn: ({ signal }) =>
      fetchJson({
        url: `/api/runs/${encodeURIComponent(runId)}/timeline`,
        schema: runTimelineSchema,
        init: { signal },
      }),
    staleTime: finished ? Number.POSITIVE_INFINITY : 0,
  });
}
