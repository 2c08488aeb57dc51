"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { constructResponseSchema } from "./api/construction-schema";
import { fetchJson } from "./api/fetch-json";
import { graphQueryKeys } from "./api/graph-query-keys";
import { queryKeys } from "./query-keys";

export type ConstructDatasetInput = {
  datasetId: string;
  /** A CSV node table (another dataset of the project) for a CSV edge table. */
  nodesDatasetId?: string;
};

/**
 * Builds a graph from a dataset (synchronously on the server, seconds for a SQL dump) and
 * refreshes the dataset list and that dataset's revisions, whether it succeeded or failed.
 */
export function useConstructDataset({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ datasetId, nodesDatasetId }: ConstructDatasetInput) =>
      fetchJson({
        url: `/api/datasets/${encodeURIComponent(datasetId)}/construct`,
        schema: constructResponseSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(nodesDatasetId ? { nodes_dataset_id: nodesDatasetId } : {}),
        },
      }).then((body) => body.construction),
    // A failed build is saved too (as a failed revision), so both outcomes change the lists.
    onSettled: (_data, _error, { datasetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.datasets(projectId) }),
        queryClient.invalidateQueries({ queryKey: graphQueryKeys.dataset(datasetId) }),
      ]),
  });
}
