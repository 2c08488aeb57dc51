"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { graphLayoutDocumentSchema } from "@/lib/contracts/graph-layout-document";
import { fetchJson } from "./api/fetch-json";
import { resultsQueryKeys } from "./api/results-query-keys";

const layoutArtifactSchema = z.object({
  artifact_id: z.string(),
  kind: z.literal("graph_layout"),
  title: z.string(),
  session_id: z.string().nullable(),
  content: graphLayoutDocumentSchema,
  created_at: z.string(),
});

export type LayoutArtifact = z.infer<typeof layoutArtifactSchema>;

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
