import "server-only";
import { z } from "zod";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { graphColorBySchema } from "@/lib/contracts/graph-layout-document";
import type { CanonicalPartition } from "@/lib/engine/algorithms/canonical-partition";
import { layoutGraphView } from "@/lib/engine/documents/layout-graph-view";
import { nodePropertyNames } from "@/lib/engine/graph/node-property-names";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { engineKernelPool } from "@/lib/kernels/engine-kernels";
import { processRegistry } from "@/lib/process/process-registry";
import { getDatasetOrThrow } from "../datasets/get-dataset-or-throw";
import { loadConstructionGraph } from "./load-construction-graph";

/** The most nodes one view may expand (each adds its neighbours to the view). */
const maxFocusNodes = 50;

export const graphViewQuerySchema = z.object({
  revision: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  color_by: graphColorBySchema.default("community"),
  size_by: z.enum(["pagerank", "degree", "betweenness", "none"]).default("pagerank"),
  /** Comma-separated node ids whose neighbours join the view (expand). */
  focus: z
    .string()
    .max(20_000)
    .transform((value) => [...new Set(value.split(",").filter((id) => id.length > 0))])
    .pipe(z.array(z.string()).max(maxFocusNodes))
    .optional(),
  /** How many hops around each focus node join the view. */
  depth: z.coerce.number().int().min(0).max(2).default(1),
});

type GraphViewQuery = z.infer<typeof graphViewQuerySchema>;

// A view is a pure function of (revision payload, options): keep the last few, so switching
// back and forth on the graph page does not decode and lay out again.
const cache = processRegistry<{
  views?: Map<string, GraphLayoutDocument>;
  /** The whole graph's communities per construction: a new size or limit need not redo Louvain. */
  communities?: Map<string, CanonicalPartition>;
}>("__workbenchGraphViews");
const cacheSize = 16;

/**
 * The graph page's picture of a saved revision: the whole graph when it fits the limit,
 * otherwise its best-connected nodes (said by `truncated`) plus the neighbourhoods of the focus
 * nodes, laid out and coloured (by community, type or a node property the graph has).
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
  const { limit, color_by: colorBy, size_by: sizeBy, depth } = input.query;
  const focus = input.query.focus ?? [];
  if (colorBy.startsWith("property:")) {
    const name = colorBy.slice("property:".length);
    const names = nodePropertyNames({ graph });
    if (!names.includes(name)) {
      throw new InvalidRequestError(
        names.length === 0
          ? `The graph's nodes have no properties, so they cannot be coloured by "${name}".`
          : `The graph's nodes have no property "${name}"; colour by one of: ${names.join(", ")}.`,
        { color_by: colorBy, valid_properties: names },
      );
    }
  }
  const key = JSON.stringify([construction.id, limit, colorBy, sizeBy, focus, depth]);
  cache.views ??= new Map();
  const cached = cache.views.get(key);
  if (cached) return cached;

  const loaded = new LoadedGraph({
    version: 0,
    origin: { kind: "construction", datasetId: dataset.id, revision: construction.revision },
    graph,
  });
  cache.communities ??= new Map();
  loaded.communities = cache.communities.get(construction.id) ?? null;
  const { document } = await layoutGraphView({
    loaded,
    limit,
    focus,
    depth,
    title: `${dataset.name} · revision ${construction.revision}`,
    colorBy,
    sizeBy,
    // The layout runs in the kernel pool, so the graph page does not stall other requests.
    pool: engineKernelPool(),
  });
  cache.views.set(key, document);
  if (cache.views.size > cacheSize) cache.views.delete(cache.views.keys().next().value as string);
  if (loaded.communities && !cache.communities.has(construction.id)) {
    cache.communities.set(construction.id, loaded.communities);
    if (cache.communities.size > cacheSize) {
      cache.communities.delete(cache.communities.keys().next().value as string);
    }
  }
  return document;
}
