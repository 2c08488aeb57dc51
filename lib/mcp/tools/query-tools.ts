import "server-only";
import { z } from "zod";
import { kHopNeighbourhood } from "@/lib/engine/algorithms/k-hop-neighbourhood";
import { searchEdges } from "@/lib/engine/search/search-edges";
import { searchNodes } from "@/lib/engine/search/search-nodes";
import { extractSubgraph } from "@/lib/engine/subgraph/extract-subgraph";
import { sessionGraphs } from "../engine-state";
import { describeLoadedGraph } from "../graph-info";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { catalogue, defineTool } from "../tool-definition";

const searchInput = z
  .object({
    query: z.string().min(1).max(200),
    type: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(200).default(10),
  })
  .strict();

/** Lookups in the session graph: search, neighbourhoods, subgraphs. */
export const queryTools = [
  defineTool({
    name: "search_node",
    description:
      "Find nodes by id, label or property value (exact id first, then case-insensitive fuzzy matches, ranked). Use it to turn a name into a real node id.",
    input: searchInput,
    catalogue: catalogue({ reads: ["G"] }),
    run: async (args, { identity }) => {
      const { scope } = await requireSession(identity);
      const loaded = sessionGraphs().currentOrThrow(scope);
      return {
        data: searchNodes({
          graph: loaded.graph,
          query: args.query,
          type: args.type,
          limit: args.limit,
        }),
      };
    },
  }),
  defineTool({
    name: "search_edge",
    description: "Find edges by type, endpoint id/label or edge property value, ranked.",
    input: searchInput,
    catalogue: catalogue({ reads: ["G"] }),
    run: async (args, { identity }) => {
      const { scope } = await requireSession(identity);
      const loaded = sessionGraphs().currentOrThrow(scope);
      return {
        data: searchEdges({
          graph: loaded.graph,
          query: args.query,
          type: args.type,
          limit: args.limit,
        }),
      };
    },
  }),
  defineTool({
    name: "get_neighbors",
    description: "Neighbours of a node within `depth` hops (both directions in directed graphs).",
    input: z
      .object({
        node_id: z.string().min(1),
        depth: z.number().int().min(1).max(3).default(1),
        limit: z.number().int().min(1).max(1000).default(50),
      })
      .strict(),
    catalogue: catalogue({ reads: ["G"] }),
    run: async (args, { identity, signal }) => {
      const { scope } = await requireSession(identity);
      const loaded = sessionGraphs().currentOrThrow(scope);
      const source = loaded.ids.indexOfOrThrow(args.node_id);
      // +1: the source itself is the first entry of the neighbourhood.
      const result = kHopNeighbourhood({
        csr: loaded.csr,
        sources: [source],
        hops: args.depth,
        limit: args.limit + 1,
        control: { signal },
      });
      const neighbours = [];
      for (let i = 0; i < result.nodes.length; i++) {
        if (result.nodes[i] === source) continue;
        neighbours.push({ ...nodeView(loaded, result.nodes[i]), hops: result.hops[i] });
      }
      return {
        data: {
          node: nodeView(loaded, source),
          depth: args.depth,
          neighbours,
          truncated: result.truncated,
        },
      };
    },
  }),
  defineTool({
    name: "subgraph_extraction",
    description:
      "Cut a subgraph from the session graph (given node ids, or a seed node and depth). With create_version (default true) it becomes the session's current graph version.",
    input: z
      .object({
        node_ids: z.array(z.string()).max(10_000).optional(),
        seed: z.string().optional(),
        depth: z.number().int().min(0).max(5).default(1),
        limit: z.number().int().min(1).max(50_000).default(1000),
        create_version: z.boolean().default(true),
      })
      .strict()
      .refine((args) => (args.node_ids ? !args.seed : Boolean(args.seed)), {
        message: "Give either node_ids or a seed (with depth), not both.",
      }),
    catalogue: catalogue({ reads: ["G"], writes: ["G"], readOnlyWhen: { create_version: false } }),
    run: async (args, { identity }) => {
      const { scope } = await requireSession(identity);
      const store = sessionGraphs();
      const loaded = store.currentOrThrow(scope);
      const cut = extractSubgraph({
        graph: loaded.graph,
        csr: loaded.csr,
        ids: loaded.ids,
        nodeIds: args.node_ids,
        seed: args.seed,
        depth: args.depth,
        limit: args.limit,
      });
      const summary = {
        nodes: cut.graph.nodeIds.length,
        edges: cut.graph.edgeSources.length,
        node_ids: cut.graph.nodeIds.slice(0, 100),
        node_ids_truncated: cut.graph.nodeIds.length > 100,
        truncated: cut.truncated,
        missing: cut.missing,
      };
      if (!args.create_version) return { data: { ...summary, created_version: false } };
      const version = store.load(scope, {
        graph: cut.graph,
        origin: {
          kind: "subgraph",
          datasetId: loaded.datasetId,
          revision: loaded.revision,
          fromVersion: loaded.version,
        },
      });
      return { data: { ...summary, created_version: true, graph: describeLoadedGraph(version) } };
    },
  }),
];
