import "server-only";
import {
  type NodeCentralityInput,
  nodeCentralityInputSchema,
} from "@/lib/contracts/tool-inputs/node-centrality-input";
import { assertWeightedGraph } from "@/lib/engine/algorithms/assert-weighted-graph";
import { computeDegrees, degreeCentrality } from "@/lib/engine/algorithms/degree";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import type { CsrGraph } from "@/lib/engine/csr/csr-graph";
import { undirectedViewOf } from "@/lib/engine/csr/undirected-view";
import { runEngineKernel } from "@/lib/kernels/engine-kernels";
import {
  type AnalysisScope,
  noNodePassesMessage,
  requireWeights,
  resolveAnalysisScope,
  type Weighting,
  weightingOf,
  weightingReport,
} from "../analysis-scope";
import { requireSession } from "../mcp-identity";
import { indicesOf, nodeView } from "../node-view";
import { rankingSummary } from "../ranking-summary";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

// Above these sizes the exact all-pairs algorithms take minutes; they are estimated instead
// and the result says so.
const exactBetweennessLimit = 20_000;
const defaultBetweennessSample = 256;
// Closeness and harmonic cost one search per scored node: exact for up to this many nodes.
const perNodeSearchLimit = 20_000;
const perNodeCandidateCount = 2_000;
// Above the limit, as many highest-degree candidates as about this many adjacency reads allow
// (one search reads every node and arc once): on the 1M-edge benchmark graph ~240 searches,
// about 2 s, so the answer comes within seconds instead of the minutes 2,000 searches took.
const perNodeWorkBudget = 5e8;
// Exact over every ranked node while that stays within about this many reads (a 20,000-node
// graph with 200,000 edges qualifies; 20,000 filtered nodes of the 1M-edge graph do not).
const exactWorkLimit = 1e10;

type Scored = {
  scores: Float64Array;
  notes: Record<string, unknown>;
  /** The nodes that were scored when not all were; the ranking stays among them. */
  scored?: ArrayLike<number>;
};

/**
 * The nodes a per-node-search measure (closeness, harmonic) scores: the filtered and asked
 * nodes when few enough, every node on a small graph, else the highest-degree candidates.
 */
function perNodeTargets(
  csr: CsrGraph,
  analysis: AnalysisScope,
  asked: number[] | null,
): { nodes?: ArrayLike<number>; note?: Record<string, unknown> } {
  if (asked) return { nodes: asked, note: { exact: true } };
  const workPerSearch =
    csr.nodeCount + csr.outgoing.neighbours.length + csr.incoming.neighbours.length;
  const pool = analysis.candidates ? analysis.candidates.length : csr.nodeCount;
  if (pool <= perNodeSearchLimit && pool * workPerSearch <= exactWorkLimit) {
    return { nodes: analysis.candidates, note: { exact: true } };
  }
  const degrees = computeDegrees({ csr });
  const nodes = selectTopK({
    scores: degrees,
    k: Math.max(1, Math.min(perNodeCandidateCount, Math.floor(perNodeWorkBudget / workPerSearch))),
    candidates: analysis.candidates,
  }).items.map((item) => item.node);
  return {
    nodes,
    note: {
      exact: false,
      note: `computed for the ${nodes.length} highest-degree nodes only (graph too large for all)`,
    },
  };
}

// After NetworkX: the walk and spectral measures read a weight as a strength, the path-based
// ones as a length.
const distanceMeasures = new Set<NodeCentralityInput["algorithm"]>([
  "betweenness",
  "closeness",
  "harmonic",
]);

async function score(
  scope: AnalysisScope,
  args: NodeCentralityInput,
  asked: number[] | null,
  signal: AbortSignal,
): Promise<Scored> {
  // In a directed relational graph (orders → customers) directed paths rarely pass through a
  // node, so "who connects groups" is asked on the undirected view.
  const csr = args.undirected && scope.csr.directed ? undirectedViewOf(scope.csr) : scope.csr;
  const control = { signal };
  switch (args.algorithm) {
    case "degree":
      // Degree centrality counts edges (as NetworkX's); weighted:true still needs weights so
      // the refusal is the same for every measure, and the note says they were not used.
      if (args.weighted) assertWeightedGraph({ adjacency: csr.outgoing, algorithm: "degree" });
      return {
        scores: degreeCentrality({ csr }),
        notes: {
          normalized: true,
          ...(args.weighted
            ? { weights_note: "degree centrality counts edges; weights unused" }
            : {}),
        },
      };
    case "pagerank": {
      const result = await runEngineKernel("pageRank", {
        csr,
        options: { damping: args.damping, weighted: args.weighted },
        control,
      });
      return {
        scores: result.scores,
        notes: { iterations: result.iterations, converged: result.converged },
      };
    }
    case "eigenvector": {
      const result = await runEngineKernel("eigenvectorCentrality", {
        csr,
        options: { weighted: args.weighted },
        control,
      });
      return {
        scores: result.scores,
        notes: { iterations: result.iterations, converged: result.converged },
      };
    }
    case "katz": {
      const result = await runEngineKernel("katzCentrality", {
        csr,
        options: { alpha: args.alpha, weighted: args.weighted },
        control,
      });
      return {
        scores: result.scores,
        notes: {
          alpha: args.alpha,
          beta: 1,
          normalized: "L2",
          iterations: result.iterations,
          converged: result.converged,
        },
      };
    }
    case "hits_hub":
    case "hits_authority": {
      const result = await runEngineKernel("hits", {
        csr,
        options: { weighted: args.weighted },
        control,
      });
      return {
        scores: args.algorithm === "hits_hub" ? result.hubs : result.authorities,
        notes: { normalized: "sum 1", iterations: result.iterations, converged: result.converged },
      };
    }
    case "betweenness": {
      const sampleSize =
        args.sample ??
        (csr.nodeCount > exactBetweennessLimit ? defaultBetweennessSample : undefined);
      const result = await runEngineKernel("betweennessCentrality", {
        csr,
        options: { weighted: args.weighted, sampleSize, seed: args.seed },
        control,
      });
      return {
        scores: result.scores,
        notes: { sampled: result.sampled, sources: result.sourceCount, seed: args.seed },
      };
    }
    case "closeness":
    case "harmonic": {
      const targets = perNodeTargets(csr, scope, asked);
      const options = { weighted: args.weighted, nodes: targets.nodes };
      const scores =
        args.algorithm === "closeness"
          ? await runEngineKernel("closenessCentrality", { csr, options, control })
          : await runEngineKernel("harmonicCentrality", { csr, options, control });
      return {
        scores,
        scored: targets.nodes,
        notes: { ...targets.note, ...(args.algorithm === "harmonic" ? { normalized: false } : {}) },
      };
    }
  }
}

/** Rank (1 = best) of each asked node among the ranked nodes, ties sharing the better rank. */
function ranksOf(scores: Float64Array, ranked: ArrayLike<number> | undefined, asked: number[]) {
  return asked.map((node) => {
    let better = 0;
    const count = ranked ? ranked.length : scores.length;
    for (let i = 0; i < count; i++) {
      const other = ranked ? ranked[i] : i;
      if (scores[other] > scores[node]) better++;
    }
    return better + 1;
  });
}

/** node_centrality: the top-k nodes by one centrality measure, under optional filters. */
export const nodeCentralityTool = defineTool({
  name: "node_centrality",
  description:
    "Rank the session graph's nodes by a centrality measure (degree, pagerank, betweenness, closeness, eigenvector, harmonic, katz, hits_hub, hits_authority) and return the top k, or the scores of given node_ids. node_type / where choose which nodes are ranked; edge_types which edges the measure uses.",
  input: nodeCentralityInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    const weighting: Weighting & { weighted: boolean } = weightingOf(
      args,
      distanceMeasures.has(args.algorithm) ? "distance" : "strength",
    );
    const analysis = resolveAnalysisScope(loaded, args, weighting);
    requireWeights({
      view: analysis,
      weighted: weighting.weighted,
      algorithm: args.algorithm,
      graph: loaded.graph,
    });
    const asked = args.node_ids ? indicesOf(loaded, args.node_ids) : null;
    const { scores, notes, scored } = await score(
      analysis,
      { ...args, weighted: weighting.weighted },
      asked,
      signal,
    );
    const weighted = weighting.weighted && args.algorithm !== "degree";
    const base = {
      algorithm: args.algorithm,
      weighted,
      weight_column: weighted ? (analysis.graph.edgeWeightColumn ?? null) : null,
      ...weightingReport(weighting, weighted),
      undirected: args.undirected,
      node_count: loaded.csr.nodeCount,
      filters: analysis.applied,
      ...notes,
    };
    // The ranking: among the filtered nodes, and among the scored ones when not all were.
    const ranked = intersect(analysis.candidates, scored, loaded.csr.nodeCount);
    if (asked) {
      // Per-node measures scored only the asked nodes: a rank among them would mislead.
      const ranks = scored === asked ? null : ranksOf(scores, ranked, asked);
      return {
        data: {
          ...base,
          nodes: asked.map((node, index) => ({
            ...nodeView(loaded, node),
            score: scores[node],
            rank: ranks ? ranks[index] : null,
          })),
        },
      };
    }
    const top = selectTopK({ scores, k: args.top_k, candidates: ranked });
    const rows = top.items.map((item, rank) => ({
      rank: rank + 1,
      ...nodeView(loaded, item.node),
      score: item.score,
    }));
    return {
      message:
        noNodePassesMessage(analysis) ??
        rankingSummary({
          measure: args.algorithm,
          applied: analysis.applied,
          rows,
          value: (entry) => entry.score as number,
        }),
      data: {
        ...base,
        top: rows,
        truncated: top.truncated,
        total: top.total,
      },
    };
  },
});

function intersect(
  candidates: Int32Array | undefined,
  scored: ArrayLike<number> | undefined,
  nodeCount: number,
): ArrayLike<number> | undefined {
  if (!candidates) return scored;
  if (!scored) return candidates;
  const inScored = new Uint8Array(nodeCount);
  for (let i = 0; i < scored.length; i++) inScored[scored[i]] = 1;
  return Array.from(candidates).filter((node) => inScored[node] === 1);
}
