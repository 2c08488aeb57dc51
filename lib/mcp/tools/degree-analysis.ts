import "server-only";
import { degreeAnalysisInputSchema } from "@/lib/contracts/tool-inputs/degree-analysis-input";
import { graphNotWeightedError } from "@/lib/engine/algorithms/assert-weighted-graph";
import { computeDegrees, degreeDistribution } from "@/lib/engine/algorithms/degree";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import { isWeighted } from "@/lib/engine/csr/csr-graph";
import {
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

/** degree_analysis: raw degree counts (in / out, strength when weighted), ranked or per node. */
export const degreeAnalysisTool = defineTool({
  name: "degree_analysis",
  description:
    "Raw degree counts (number of edges; in / out on directed graphs; strength = sum of weights when weighted): the distribution and the highest-degree nodes (rank_by strength: the highest sums of weights), or the degrees of given node_ids. Filters: node_type / where choose the ranked nodes, edge_types the edges counted (e.g. only 'loans' edges into 'books').",
  input: degreeAnalysisInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    // Strength sums weights: a weight_property is read as a strength.
    const weighting = weightingOf(args, "strength");
    const analysis = resolveAnalysisScope(loaded, args, weighting);
    requireWeights({
      view: analysis,
      weighted: weighting.weighted,
      algorithm: "strength",
      graph: loaded.graph,
    });
    const { csr } = analysis;
    const mode = csr.directed ? args.mode : "all";
    const inDegrees = csr.directed ? computeDegrees({ csr, mode: "in" }) : null;
    const outDegrees = csr.directed ? computeDegrees({ csr, mode: "out" }) : null;
    // On a directed graph the asked degree is one of the two, or their sum: no third pass.
    const degrees =
      inDegrees && outDegrees
        ? mode === "in"
          ? inDegrees
          : mode === "out"
            ? outDegrees
            : inDegrees.map((count, node) => count + outDegrees[node])
        : computeDegrees({ csr, mode });
    const strengths = isWeighted(csr) ? computeDegrees({ csr, mode, weighted: true }) : null;
    const row = (node: number) => ({
      ...nodeView(loaded, node),
      degree: degrees[node],
      ...(inDegrees && outDegrees
        ? { in_degree: inDegrees[node], out_degree: outDegrees[node] }
        : {}),
      ...(strengths ? { strength: strengths[node] } : {}),
    });
    const base = {
      mode,
      directed: csr.directed,
      weighted: strengths !== null,
      weight_column: strengths ? (analysis.graph.edgeWeightColumn ?? null) : null,
      ...weightingReport(weighting, strengths !== null),
      filters: analysis.applied,
    };
    if (args.node_ids) {
      const nodes = indicesOf(loaded, args.node_ids);
      const rows = nodes.map(row);
      return {
        message: rows
          .map((entry) => `${entry.id} has degree ${entry.degree}`)
          .slice(0, 5)
          .join("; "),
        data: { ...base, nodes: rows },
      };
    }
    if (args.rank_by === "strength" && !strengths) {
      throw graphNotWeightedError({ algorithm: "strength ranking", graph: loaded.graph });
    }
    const ranked = args.rank_by === "strength" && strengths ? strengths : degrees;
    const top = selectTopK({ scores: ranked, k: args.top_k, candidates: analysis.candidates });
    const distribution = degreeDistribution({
      csr,
      mode,
      limit: 50,
      degrees,
      candidates: analysis.candidates,
    });
    const rows = top.items.map((item, rank) => ({ rank: rank + 1, ...row(item.node) }));
    return {
      message:
        noNodePassesMessage(analysis) ??
        rankingSummary({
          measure:
            args.rank_by === "strength" ? "strength" : mode === "all" ? "degree" : `${mode}-degree`,
          applied: analysis.applied,
          rows,
          value: (entry) => (args.rank_by === "strength" ? entry.strength : entry.degree) as number,
        }),
      data: {
        ...base,
        min: distribution.min,
        max: distribution.max,
        mean: distribution.mean,
        histogram: distribution.histogram.items,
        histogram_truncated: distribution.histogram.truncated,
        top: rows,
        truncated: top.truncated,
        total: top.total,
      },
    };
  },
});
