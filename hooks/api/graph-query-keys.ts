import type { GraphColorBy, GraphSizeBy } from "@/lib/contracts/graph-layout-document";

/**
 * Keys of the per-dataset graph queries. They all start with ["datasets", id], so one
 * invalidation of that prefix refreshes everything derived from a dataset after a (re)build.
 */
export const graphQueryKeys = {
  dataset: (datasetId: string) => ["datasets", datasetId] as const,
  constructions: (datasetId: string) => ["datasets", datasetId, "constructions"] as const,
  columns: (datasetId: string) => ["datasets", datasetId, "columns"] as const,
  graphView: (input: {
    datasetId: string;
    revision: number;
    limit: number;
    colorBy: GraphColorBy;
    sizeBy: GraphSizeBy;
    focus?: readonly string[];
  }) =>
    [
      "datasets",
      input.datasetId,
      "graph-view",
      {
        revision: input.revision,
        limit: input.limit,
        colorBy: input.colorBy,
        sizeBy: input.sizeBy,
        focus: input.focus ?? [],
      },
    ] as const,
};
