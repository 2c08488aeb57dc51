"use client";

import { useQuery } from "@tanstack/react-query";
import { datasetColumnListSchema } from "@/lib/contracts/dataset-columns";
import { fetchJson } from "./api/fetch-json";
import { graphQueryKeys } from "./api/graph-query-keys";

/** The columns of a CSV edge table (name, numeric, role); idle for other kinds. */
export function useDatasetColumns({ datasetId, enabled }: { datasetId: string; enabled: boolean }) {
  return useQuery({
    queryKey: graphQueryKeys.columns(datasetId),
    queryFn: () =>
      fetchJson({
        url: `/api/datasets/${encodeURIComponent(datasetId)}/columns`,
        schema: datasetColumnListSchema,
      }),
    enabled,
    select: (data) => data.columns,
    // An upload never changes: its columns are read once per page.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
