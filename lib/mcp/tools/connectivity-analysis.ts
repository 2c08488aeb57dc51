import "server-only";
import { connectivityAnalysisInputSchema } from "@/lib/contracts/tool-inputs/connectivity-analysis-input";
import { connectedComponents } from "@/lib/engine/algorithms/connected-components";
import { stronglyConnectedComponents } from "@/lib/engine/algorithms/strongly-connected-components";
import { runEngineKernel } from "@/lib/kernels/engine-kernels";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** connectivity_analysis: components, bridges and articulation points. */
export const connectivityAnalysisTool = defineTool({
  name: "connectivity_analysis",
  description:
    "Connected components (weak, and strong for directed graphs), bridges and articulation points of the session graph.",
  input: connectivityAnalysisInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    const control = { signal };
    const { csr } = loaded;
    // The two depth-first searches for low points (about 50 ms each on the 1M-edge benchmark
    // graph) go to the kernel pool, both at once when it has two threads; the union-find and
    // Tarjan components (under 30 ms) run here meanwhile.
    const lowpoints = Promise.all([
      runEngineKernel("findBridges", { csr, options: { limit: args.limit }, control }),
      runEngineKernel("findArticulationPoints", { csr, options: { limit: args.limit }, control }),
    ]);
    // Settled either way, so a failure here does not leave the pooled calls' rejection unheard.
    lowpoints.catch(() => {});
    const weak = connectedComponents({ csr, control });
    const strong = csr.directed ? stronglyConnectedComponents({ csr, control }) : null;
    const [bridges, articulation] = await lowpoints;
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
});
