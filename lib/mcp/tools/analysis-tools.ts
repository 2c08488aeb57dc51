import "server-only";
import { z } from "zod";
import { findArticulationPoints } from "@/lib/engine/algorithms/articulation-points";
import { findBridges } from "@/lib/engine/algorithms/bridges";
import { connectedComponents } from "@/lib/engine/algorithms/connected-components";
import { computeDegrees, degreeDistribution } from "@/lib/engine/algorithms/degree";
import { stronglyConnectedComponents } from "@/lib/engine/algorithms/strongly-connected-components";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { catalogue, defineTool } from "../tool-definition";
import { communityDetectionTool } from "./community-detection-tool";
import { nodeCentralityTool } from "./node-centrality-tool";
import { shortestPathTool } from "./shortest-path-tool";

const topK = z.number().int().min(1).max(1000).default(10);

/** Analysis tools over the session graph's CSR snapshot. */
export const analysisTools = [
  defineTool({
    name: "degree_analysis",
    description: "Degree distribution of the session graph and its highest-degree nodes.",
    input: z.object({ top_k: topK, mode: z.enum(["all", "in", "out"]).default("all") }).strict(),
    catalogue: catalogue({ reads: ["G"] }),
    run: async (args, { identity }) => {
      const { scope } = await requireSession(identity);
      const loaded = sessionGraphs().currentOrThrow(scope);
      const degrees = computeDegrees({ csr: loaded.csr, mode: args.mode });
      const top = selectTopK({ scores: degrees, k: args.top_k });
      const distribution = degreeDistribution({ csr: loaded.csr, mode: args.mode, limit: 50 });
      return {
        data: {
          mode: args.mode,
          min: distribution.min,
          max: distribution.max,
          mean: distribution.mean,
          histogram: distribution.histogram.items,
          histogram_truncated: distribution.histogram.truncated,
          top: top.items.map((item, rank) => ({
            rank: rank + 1,
            ...nodeView(loaded, item.node),
            degree: item.score,
          })),
          truncated: top.truncated,
        },
      };
    },
  }),
  nodeCentralityTool,
  communityDetectionTool,
  shortestPathTool,
  defineTool({
    name: "connectivity_analysis",
    description:
      "Connected components (weak, and strong for directed graphs), bridges and articulation points of the session graph.",
    input: z.object({ limit: z.number().int().min(1).max(1000).default(20) }).strict(),
    catalogue: catalogue({ reads: ["G"] }),
    run: async (args, { identity, signal }) => {
      const { scope } = await requireSession(identity);
      const loaded = sessionGraphs().currentOrThrow(scope);
      const control = { signal };
      const weak = connectedComponents({ csr: loaded.csr, control });
      const strong = loaded.csr.directed
        ? stronglyConnectedComponents({ csr: loaded.csr, control })
        : null;
      const bridges = findBridges({ csr: loaded.csr, limit: args.limit, control });
      const articulation = findArticulationPoints({ csr: loaded.csr, limit: args.limit, control });
      const largest = (sizes: Int32Array) =>
        Array.from(sizes)
          .sort((a, b) => b - a)
          .slice(0, args.limit);
      return {
        data: {
          components: weak.count,
          connected: weak.count === 1,
          largest_component_sizes: largest(weak.sizes),
          strong_components: strong?.count ?? null,
          largest_strong_component_sizes: strong ? largest(strong.sizes) : null,
          bridges: bridges.items.map(([source, target]) => ({
            source: nodeView(loaded, source).id,
            target: nodeView(loaded, target).id,
          })),
          bridge_count: bridges.total,
          bridges_truncated: bridges.truncated,
          articulation_points: articulation.items.map((node) => nodeView(loaded, node)),
          articulation_point_count: articulation.total,
          articulation_points_truncated: articulation.truncated,
        },
      };
    },
  }),
];
