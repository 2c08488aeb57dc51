import "server-only";
import {
  type NodeStructureInput,
  nodeStructureInputSchema,
} from "@/lib/contracts/tool-inputs/node-structure-input";
import { coreNumbers, maxCore } from "@/lib/engine/algorithms/core-number";
import { computeDegrees } from "@/lib/engine/algorithms/degree";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import { runEngineKernel } from "@/lib/kernels/engine-kernels";
import {
  type AnalysisScope,
  noNodePassesMessage,
  requireWeights,
  resolveAnalysisScope,
  weightingOf,
  weightingReport,
} from "../analysis-scope";
import { requireSession } from "../mcp-identity";
import { indicesOf, nodeView } from "../node-view";
import { rankingSummary } from "../ranking-summary";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

type Measured = {
  values: Float64Array;
  notes: Record<string, unknown>;
  /** The nodes measured when not all were; the ranking stays among them. */
  scored?: ArrayLike<number>;
};

// Every node's eccentricity by bounds is exact and usually a few searches, but on hub-heavy
// graphs the bounds stay loose (measured: 50 s on the 1M-edge BA graph). Past this many
// adjacency reads for all ranked nodes, one search each for as many candidates as ~5e8
// reads allow (≈2 s there): the lowest-degree nodes for the periphery (desc), the
// highest-degree ones for the centre (asc), and the answer says it is not exhaustive.
const eccentricityExactWorkLimit = 2e10;
const eccentricityCandidateWork = 5e8;

function eccentricityTargets(
  analysis: AnalysisScope,
  args: NodeStructureInput,
  asked: number[] | null,
): { nodes?: ArrayLike<number>; note?: Record<string, unknown> } {
  if (asked) return { nodes: asked };
  const { csr } = analysis;
  const work = csr.nodeCount + csr.outgoing.neighbours.length + csr.incoming.neighbours.length;
  const pool = analysis.candidates ? analysis.candidates.length : csr.nodeCount;
  if (pool * work <= eccentricityExactWorkLimit) return { nodes: analysis.candidates };
  const degrees = computeDegrees({ csr });
  const keyed = args.order === "asc" ? degrees : degrees.map((degree) => -degree);
  const count = Math.max(args.top_k, Math.floor(eccentricityCandidateWork / work));
  const nodes = selectTopK({ scores: keyed, k: count, candidates: analysis.candidates }).items.map(
    (item) => item.node,
  );
  return {
    nodes,
    note: {
      exact: false,
      note: `graph too large to search from every node: eccentricity measured for the ${nodes.length} ${args.order === "asc" ? "highest" : "lowest"}-degree candidates`,
    },
  };
}

async function measure(
  analysis: AnalysisScope,
  args: NodeStructureInput,
  asked: number[] | null,
  signal: AbortSignal,
): Promise<Measured> {
  const { csr } = analysis;
  const control = { signal };
  // Triangles, clustering and eccentricity (50–120 ms on the 1M-edge benchmark graph, far more
  // on denser ones) run in the kernel pool; core numbers, one 13–21 ms peeling pass, here.
  switch (args.metric) {
    case "triangles":
      return {
        values: await runEngineKernel("triangleCounts", { csr, options: {}, control }),
        notes: {},
      };
    case "clustering":
      return {
        values: await runEngineKernel("localClustering", {
          csr,
          options: { weighted: args.weighted },
          control,
        }),
        notes: { weighted: args.weighted },
      };
    case "core_number": {
      const cores = coreNumbers({ csr });
      const densest = maxCore({ cores });
      return {
        values: Float64Array.from(cores),
        notes: { max_core: { k: densest.k, size: densest.size } },
      };
    }
    case "eccentricity": {
      const { nodes, note } = eccentricityTargets(analysis, args, asked);
      const result = await runEngineKernel("eccentricities", { csr, options: { nodes }, control });
      return {
        values: Float64Array.from(result.eccentricities),
        scored: nodes,
        notes: {
          within: "each node's own connected component (hops)",
          searches: result.searches,
          ...note,
        },
      };
    }
  }
}

/** node_structure: triangles, clustering, core number or eccentricity per node. */
export const nodeStructureTool = defineTool({
  name: "node_structure",
  description:
    "Per-node structure: triangles through the node, local clustering coefficient, core number (k-core; the densest core is the maximum k, reported with its size) or eccentricity; ranked (order desc/asc) or for given node_ids. Filters: node_type / where / edge_types.",
  input: nodeStructureInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    // Only clustering reads weights (NetworkX's geometric mean of strengths).
    const weighting = weightingOf(args, "strength");
    const weighted = weighting.weighted && args.metric === "clustering";
    const analysis = resolveAnalysisScope(loaded, args, weighted ? weighting : undefined);
    requireWeights({ view: analysis, weighted, algorithm: "clustering", graph: loaded.graph });
    const asked = args.node_ids ? indicesOf(loaded, args.node_ids) : null;
    const { values, notes, scored } = await measure(analysis, { ...args, weighted }, asked, signal);
    const base = {
      metric: args.metric,
      ...weightingReport(weighting, weighted),
      graph: "undirected view, self-loops and parallel edges ignored",
      filters: analysis.applied,
      ...notes,
    };
    if (asked) {
      const rows = asked.map((node) => ({ ...nodeView(loaded, node), value: values[node] }));
      return {
        message: rows
          .slice(0, 5)
          .map((row) => `${row.id}: ${args.metric} ${Number(row.value.toPrecision(6))}`)
          .join("; "),
        data: { ...base, nodes: rows },
      };
    }
    // Ascending order ranks the negated values, so ties still go to the lower index.
    const ranked = args.order === "asc" ? values.map((value) => -value) : values;
    const top = selectTopK({
      scores: ranked,
      k: args.top_k,
      candidates: scored ?? analysis.candidates,
    });
    const rows = top.items.map((item, rank) => ({
      rank: rank + 1,
      ...nodeView(loaded, item.node),
      value: values[item.node],
    }));
    const densest = notes.max_core as { k: number; size: number } | undefined;
    return {
      message:
        noNodePassesMessage(analysis) ??
        `${rankingSummary({ measure: args.metric, applied: analysis.applied, rows, value: (row) => row.value as number })}${densest ? `; the densest core is k = ${densest.k} with ${densest.size} nodes` : ""}`,
      data: { ...base, order: args.order, top: rows, truncated: top.truncated, total: top.total },
    };
  },
});
