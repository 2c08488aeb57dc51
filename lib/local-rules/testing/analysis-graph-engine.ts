import type { JSONValue } from "@ai-sdk/provider";
import type { WhereCondition } from "@/lib/contracts/tool-inputs/analysis-filters";
import { computeDegrees } from "@/lib/engine/algorithms/degree";
import { similarToNode } from "@/lib/engine/algorithms/node-similarity";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import {
  type ConstructGraphInput,
  constructGraph,
} from "@/lib/engine/construction/construct-graph";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { resolveAnalysisScope } from "@/lib/mcp/analysis-scope";
import { nodeView } from "@/lib/mcp/node-view";
import { realGraphEngine } from "./real-graph-engine";
import { type FakeEngine, fail, ok } from "./run-conversation";

type Filters = { node_type?: string | string[]; edge_types?: string[]; where?: WhereCondition[] };

function filtersOf(args: Record<string, unknown>): Filters {
  return {
    ...(args.node_type !== undefined ? { node_type: args.node_type as string | string[] } : {}),
    ...(Array.isArray(args.where) ? { where: args.where as WhereCondition[] } : {}),
    ...(Array.isArray(args.edge_types) ? { edge_types: args.edge_types as string[] } : {}),
  };
}

/**
 * The real-graph test engine (schema, query_graph, search_node, get_neighbors, cuts,
 * components) plus degree_analysis and node_similarity, computed as the tools compute them:
 * on the graph restricted to `edge_types`, ranked among the nodes of `node_type`, with the
 * engine's own degree and similarity code.
 */
export async function analysisGraphEngine(input: ConstructGraphInput): Promise<FakeEngine> {
  const real = await realGraphEngine(input);
  const { graph } = await constructGraph(input);
  const loaded = new LoadedGraph({
    version: 1,
    origin: { kind: "construction", datasetId: "ds_karate", revision: 3 },
    graph,
  });
  return async (call) => {
    const args = call.input as Record<string, unknown>;
    if (call.toolName === "degree_analysis") {
      const scope = resolveAnalysisScope(loaded, filtersOf(args));
      const { csr } = scope;
      const requested = String(args.mode ?? "all") as "all" | "in" | "out";
      const mode = csr.directed ? requested : "all";
      const inDegrees = csr.directed ? computeDegrees({ csr, mode: "in" }) : null;
      const outDegrees = csr.directed ? computeDegrees({ csr, mode: "out" }) : null;
      const degrees =
        inDegrees && outDegrees
          ? mode === "in"
            ? inDegrees
            : mode === "out"
              ? outDegrees
              : inDegrees.map((count, node) => count + outDegrees[node])
          : computeDegrees({ csr, mode });
      const row = (node: number) => ({
        ...nodeView(loaded, node),
        degree: degrees[node],
        ...(inDegrees && outDegrees
          ? { in_degree: inDegrees[node], out_degree: outDegrees[node] }
          : {}),
      });
      const base = { mode, directed: csr.directed, weighted: false, filters: scope.applied };
      if (Array.isArray(args.node_ids)) {
        const nodes = (args.node_ids as string[]).map((id) => graph.nodeIds.indexOf(id));
        if (nodes.some((node) => node < 0)) return fail("NODE_NOT_FOUND", "No such node.");
        return ok({ ...base, nodes: nodes.map(row) } as JSONValue);
      }
      const top = selectTopK({
        scores: degrees,
        k: Number(args.top_k ?? 10),
        candidates: scope.candidates,
      });
      return ok({
        ...base,
        top: top.items.map((item, rank) => ({ rank: rank + 1, ...row(item.node) })),
        total: top.total,
      } as JSONValue);
    }
    if (call.toolName === "node_similarity" && typeof args.node_id === "string") {
      if (args.via_node_type !== undefined) {
        return fail("INVALID_REQUEST", "The test engine does not compare through a via type.");
      }
      const node = graph.nodeIds.indexOf(args.node_id);
      if (node < 0) return fail("NODE_NOT_FOUND", "No such node.");
      const scope = resolveAnalysisScope(loaded, filtersOf(args));
      const metric = String(args.metric ?? "jaccard") as Parameters<
        typeof similarToNode
      >[0]["metric"];
      const result = similarToNode({
        csr: scope.csr,
        node,
        metric,
        topK: Number(args.top_k ?? 10),
        allowed: scope.mask ?? undefined,
      });
      return ok({
        metric,
        node: nodeView(loaded, node),
        similar: result.items.map((item, rank) => ({
          rank: rank + 1,
          ...nodeView(loaded, item.node),
          score: item.score,
          common_neighbors: item.common,
        })),
        truncated: result.truncated,
        total: result.total,
      } as JSONValue);
    }
    return real(call);
  };
}
