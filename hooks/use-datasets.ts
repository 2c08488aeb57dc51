"use client";

import { useQuery } from "@tanstack/react-query";
import { datasetListSchema } from "@/lib/contracts/dataset";
import { fetchJson } from "./api/fetch-json";
import { queryKeys } from "./query-keys";

// While a graph is being built the status changes on the server; poll only then.
const buildingPollMilliseconds = 3000;

/** Datasets of one project with their construction status. */
export function useDatasets(projectId: string) {
  return useQuery({
    queryKey: queryKeys.datasets(projectId),
    queryFn: () =>
      fetchJson({
        url: `/api/projects/${encodeURIComponent(projectId)}/datasets`,
        schema: datasetListSchema,
      }),
    select: (data) => data.datasets,
    refetchInterval: (query) =>
      query.state.data?.datasets.some((dataset) => dataset.construction_status === "building")
        ? buildingPollMilliseconds
        : false,
  });
}
