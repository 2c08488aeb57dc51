import "server-only";
import { projectGraphInputSchema } from "@/lib/contracts/tool-inputs/project-graph-input";
import { projectBipartite, topProjectedPairs } from "@/lib/engine/algorithms/bipartite-projection";
import { EngineError } from "@/lib/engine/engine-error";
import { keptNodes, nodeTypeMask } from "@/lib/engine/filters/node-filter";
import { graphOfProjection } from "@/lib/engine/graph/projection-graph";
import { resolveTypeIndex } from "@/lib/engine/search/search-options";
import { describeLoadedGraph } from "../graph-info";
import { requireSession } from "../mcp-identity";
import { pairView } from "../node-view";
import { recordLoadedVersion, sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** project_graph: a bipartite projection onto one node type, optionally as a new version. */
export const projectGraphTool = defineTool({
  name: "project_graph",
  description:
    "Bipartite projection: link two nodes of node_type when they share a neighbour of via_node_type (products bought in the same orders, authors of the same books), weighted by how many they share (or Jaccard). Answers the top pairs; create_version:true makes the projection the session's current graph so other tools run on it.",
  input: projectGraphInputSchema,
  catalogue: catalogue({ reads: ["G"], writes: ["G"], readOnlyWhen: { create_version: false } }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const store = await sessionGraphsOf(scope);
    const loaded = store.currentOrThrow(scope);
    const { graph } = loaded;
    const keepType = resolveTypeIndex({
      typeNames: graph.nodeTypeNames,
      type: args.node_type,
      kind: "node",
    });
    const viaType =
      args.via_node_type === undefined
        ? null
        : resolveTypeIndex({
            typeNames: graph.nodeTypeNames,
            type: args.via_node_type,
            kind: "node",
          });
    if (viaType === keepType) {
      throw new EngineError(
        "INVALID_REQUEST",
        "via_node_type must differ from node_type: a projection links nodes through nodes of another kind.",
      );
    }
    const keep = nodeTypeMask({ graph, typeIndices: [keepType] });
    // Without a via type, any node of another type links the kept ones.
    const via =
      viaType === null
        ? keep.map((kept) => 1 - kept)
        : nodeTypeMask({ graph, typeIndices: [viaType] });
    const view = loaded.withEdgeTypes(args.via_edge_types);
    const projection = await projectBipartite({
      csr: view.csr,
      keep,
      via,
      weight: args.weight,
      minWeight: args.min_weight,
      control: { signal },
    });
    const top = topProjectedPairs({ projection, topK: args.top_k });
    const keptName = graph.nodeTypeNames[keepType];
    const viaName = viaType === null ? "other nodes" : graph.nodeTypeNames[viaType];
    const summary = {
      node_type: keptName,
      via: viaName,
      ...(view.edgeTypes ? { via_edge_types: view.edgeTypes } : {}),
      weight: args.weight,
      weight_meaning:
        args.weight === "count"
          ? `number of shared ${viaName}`
          : `shared ${viaName} / all ${viaName} of the two (Jaccard)`,
      nodes: keptNodes({ mask: keep }).length,
      edge_count: projection.edgeCount,
      pairs: top.map((pair, index) => ({
        rank: index + 1,
        ...pairView(loaded, pair.source, pair.target),
        weight: pair.score,
        shared: pair.common,
      })),
      truncated: projection.edgeCount > top.length,
      total: projection.edgeCount,
    };
    const best = summary.pairs[0];
    const message = best
      ? `${summary.edge_count} ${keptName} pairs share ${viaName}; most: ${best.source}–${best.target} (${best.weight})${args.create_version ? "; the projection is now the session graph" : ""}`
      : `No two ${keptName} share ${viaName}.`;
    if (!args.create_version) return { message, data: { ...summary, created_version: false } };
    const projected = store.load(scope, {
      graph: graphOfProjection({
        graph,
        keep,
        sources: projection.sources,
        targets: projection.targets,
        weights: projection.weights,
        edgeCount: projection.edgeCount,
        edgeType: `shares ${viaName}`,
        weightColumn: args.weight === "count" ? "shared" : "jaccard",
      }),
      origin: {
        kind: "projection",
        datasetId: loaded.datasetId,
        revision: loaded.revision,
        fromVersion: loaded.version,
      },
    });
    // Derived from the graph this call read: when another instance changed the session since,
    // the save is refused (REVISION_CONFLICT), not made again on a graph the caller never saw.
    await recordLoadedVersion(scope, projected);
    return {
      message,
      data: { ...summary, created_version: true, graph: describeLoadedGraph(projected) },
    };
  },
});
