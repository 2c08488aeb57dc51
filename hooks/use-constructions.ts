"use client";

import { useQuery } from "@tanstack/react-query";
import { constructionListSchema } from "@/lib/contracts/construction";
import { fetchJson } from "./api/fetch-json";
import { graphQueryKeys } from "./api/graph-query-keys";

// A revision still building turns ready or failed on the server; poll only while one is.
const buildingPollMilliseconds = 3000;

/** Every construction revision of a dataset, newest first; idle while no dataset is chosen. */
export function useConstructions(datasetId: string | null) {
  return useQuery({
    queryKey: graphQueryKeys.constructions(datasetId ?? ""),
    queryFn: () =>
      fetchJson({
        url: `/api/datasets/${encodeURIComponent(datasetId ?? "")}/constructions`,
        schema: constructionListSchema,
      }),
    enabled: datasetId !== null,
    select: (data) => data.constructions,
    refetchInterval: (query) =>
      query.state.data?.constructions.some((construction) => construction.status === "building")
        ? buildingPollMilliseconds
        : false,
  });
}
