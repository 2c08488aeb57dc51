"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  type GraphColorBy,
  type GraphSizeBy,
  graphLayoutDocumentSchema,
} from "@/lib/contracts/graph-layout-document";
import { fetchJson } from "./api/fetch-json";
import { graphQueryKeys } from "./api/graph-query-keys";

export type GraphViewRequest = {
  datasetId: string;
  revision: number;
  limit: number;
  colorBy: GraphColorBy;
  sizeBy: GraphSizeBy;
  /** Nodes whose neighbours join the view (expanded on the page). */
  focus?: readonly string[];
};

/** The laid-out drawing of one saved revision; a revision never changes, so it never goes stale. */
export function useGraphView(request: GraphViewRequest | null) {
  return useQuery({
    queryKey: request
      ? graphQueryKeys.graphView(request)
      : (["datasets", "", "graph-view", null] as const),
    queryFn: () => {
      if (!request) throw new Error("No graph view was requested.");
      const search = new URLSearchParams({
        revision: String(request.revision),
        limit: String(request.limit),
        color_by: request.colorBy,
        size_by: request.sizeBy,
      });
      if (request.focus && request.focus.length > 0) search.set("focus", request.focus.join(","));
      return fetchJson({
        url: `/api/datasets/${encodeURIComponent(request.datasetId)}/graph-view?${search}`,
        schema: graphLayoutDocumentSchema,
      });
    },
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    // Switching colour or size keeps the old drawing on screen until the new one arrives.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === request?.datasetId ? keepPreviousData(previous) : undefined,
  });
}
