"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { projectUsageSchema } from "@/lib/contracts/usage";
import { fetchJson } from "./api/fetch-json";
import { usageQueryKeys } from "./api/usage-query-keys";

/** A range of UTC days; without one the server answers its default (the last 30 days). */
export type UsageRange = { from: string; to: string } | null;

/** `GET /api/projects/{id}/usage` over a range of UTC days (both included). */
export function useProjectUsage(projectId: string, range: UsageRange) {
  const query = range ? `?${new URLSearchParams(range)}` : "";
  return useQuery({
    queryKey: usageQueryKeys.projectUsage(projectId, range),
    queryFn: ({ signal }) =>
      fetchJson({
        url: `/api/projects/${encodeURIComponent(projectId)}/usage${query}`,
        schema: projectUsageSchema,
        init: { signal },
      }),
    // Another range keeps the last numbers on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}
