"use client";

import { useQuery } from "@tanstack/react-query";
import { layoutArtifactSchema } from "@/lib/contracts/artifact";
import { fetchJson } from "./api/fetch-json";
import { resultsQueryKeys } from "./api/results-query-keys";

/**
 * The stored layout document a visualize_subgraph call saved (GET /api/artifacts/{id}): the
 * chat draws from it, so a picture survives a refresh or a replay. An artefact never changes.
 */
export function useLayoutArtifact(artifactId: string | null) {
  return useQuery({
    queryKey: resultsQueryKeys.artifact(artifactId ?? ""),
    queryFn: () =>
      fetchJson({
        url: `/api/artifacts/${encodeURIComponent(artifactId ?? "")}`,
        schema: layoutArtifactSchema,
      }),
    enabled: artifactId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
