import "server-only";
import { z } from "zod";
import type { GraphLayoutDocument } from "@/lib/engine/documents/graph-layout-document";
import { layoutGraphView } from "@/lib/engine/documents/layout-graph-view";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { engineKernelPool } from "@/lib/kernels/engine-kernels";
import { processRegistry } from "@/lib/process/process-registry";
import { getDatasetOrThrow } from "../datasets/get-dataset-or-throw";
import { loadConstructionGraph } from "./load-construction-graph";

export const graphViewQuerySchema = z.object({
  revision: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  color_by: z.enum(["community", "type", "none"]).default("community"),
  size_by: z.enum(["pagerank", "degree", "betweenness", "none"]).default("pagerank"),
});

type GraphViewQuery = z.infer<typeof graphViewQuerySchema>;

// A view is a pure function of (revision payload, options): keep the last few, so switching
// back and forth on the graph page does not decode and lay out again.
const cache = processRegistry<{ views?: Map<string, GraphLayoutDocument> }>(
  "__workbenchGraphViews",
);
const cacheSize = 16;

/**
 * The graph page's picture of a saved revision: the whole graph when it fits the limit,
 * otherwise its best-connected nodes (said by `truncated`), laid out and coloured.
 */
export async function getGraphView(input: {
  ownerId: string;
  datasetId: string;
  query: GraphViewQuery;
}) {
  const dataset = await getDatasetOrThrow(input);
  const { construction, graph } = await loadConstructionGraph({
    ownerId: input.ownerId,
    datasetId: input.datasetId,
    revision: input.query.revision,
  });
  const { limit, color_by: colorBy, size_by: sizeBy } = input.query;
  const key = `${construction.id}:${limit}:${colorBy}:${sizeBy}`;
  cache.views ??= new Map();
  const cached = cache.views.get(key);
  if (cached) return cached;

  const loaded = new LoadedGraph({
    version: 0,
    origin: { kind: "construction", datasetId: dataset.id, revision: construction.revision },
    graph,
  });
  const { document } = await layoutGraphView({
    loaded,
    limit,
    title: `${dataset.name} · revision ${construction.revision}`,
    colorBy,
    sizeBy,
    // The layout runs in the kernel pool, so the graph page does not stall other requests.
    pool: engineKernelPool(),
  });
  cache.views.set(key, document);
  if (cache.views.size > cacheSize) cache.views.delete(cache.views.keys().next().value as string);
  return document;
}
