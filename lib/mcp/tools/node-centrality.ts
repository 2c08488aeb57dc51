import "server-only";
import {
  type NodeCentralityInput,
  nodeCentralityInputSchema,
} from "@/lib/contracts/tool-inputs/node-centrality-input";
import { assertWeightedGraph } from "@/lib/engine/algorithms/assert-weighted-graph";
import { betweennessCentrality } from "@/lib/engine/algorithms/betweenness";
import { closenessCentrality } from "@/lib/engine/algorithms/closeness";
import { computeDegrees, degreeCentrality } from "@/lib/engine/algorithms/degree";
import { eigenvectorCentrality } from "@/lib/engine/algorithms/eigenvector";
import { pageRank } from "@/lib/engine/algorithms/pagerank";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import { undirectedViewOf } from "@/lib/engine/csr/undirected-view";
import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { catalogue, defineTool } from "../tool-definition";

// Above these sizes the exact all-pairs algorithms take minutes; they are estimated instead
// and the result says so.
const exactBetweennessLimit = 20_000;
const defaultBetweennessSample = 256;
const exactClosenessLimit = 20_000;
const closenessCandidateCount = 2_000;

type Scored = {
  scores: Float64Array;
  notes: Record<string, unknown>;
  candidates?: ArrayLike<number>;
};

async function score(
  loaded: LoadedGraph,
  args: NodeCentralityInput,
  signal: AbortSignal,
): Promise<Scored> {
  // In a directed relational graph (orders → customers) directed paths rarely pass through a
  // node, so "who connects groups" is asked on the undirected view.
  const csr = args.undirected && loaded.csr.directed ? undirectedViewOf(loaded.csr) : loaded.csr;
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
      const result = await pageRank({
        csr,
        damping: args.damping,
        weighted: args.weighted,
        control,
      });
      return {
        scores: result.scores,
        notes: { iterations: result.iterations, converged: result.converged },
      };
    }
    case "eigenvector": {
      const result = await eigenvectorCentrality({ csr, weighted: args.weighted, control });
      return {
        scores: result.scores,
        notes: { iterations: result.iterations, converged: result.converged },
      };
    }
    case "betweenness": {
      const sampleSize =
        args.sample ??
        (csr.nodeCount > exactBetweennessLimit ? defaultBetweennessSample : undefined);
      const result = await betweennessCentrality({
        csr,
        weighted: args.weighted,
        sampleSize,
        seed: args.seed,
        control,
      });
      return {
        scores: result.scores,
        notes: { sampled: result.sampled, sources: result.sourceCount, seed: args.seed },
      };
    }
    case "closeness": {
      if (csr.nodeCount <= exactClosenessLimit) {
        return {
          scores: await closenessCentrality({ csr, weighted: args.weighted, control }),
          notes: { exact: true },
        };
      }
      const degrees = computeDegrees({ csr });
      const candidates = selectTopK({ scores: degrees, k: closenessCandidateCount }).items.map(
        (item) => item.node,
      );
      return {
        scores: await closenessCentrality({
          csr,
          weighted: args.weighted,
          nodes: candidates,
          control,
        }),
        candidates,
        notes: {
          exact: false,
          note: `closeness computed for the ${candidates.length} highest-degree nodes only (graph too large for all)`,
        },
      };
    }
  }
}

/** node_centrality: the top-k nodes by one centrality measure. */
export const nodeCentralityTool = defineTool({
  name: "node_centrality",
  description:
    "Rank the session graph's nodes by a centrality measure (degree, pagerank, betweenness, closeness, eigenvector) and return the top k.",
  input: nodeCentralityInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = sessionGraphs().currentOrThrow(scope);
    const { scores, notes, candidates } = await score(loaded, args, signal);
    const top = selectTopK({ scores, k: args.top_k, candidates });
    return {
      data: {
        algorithm: args.algorithm,
        weighted: args.weighted && args.algorithm !== "degree",
        weight_column:
          args.weighted && args.algorithm !== "degree"
            ? (loaded.graph.edgeWeightColumn ?? null)
            : null,
        undirected: args.undirected,
        node_count: loaded.csr.nodeCount,
        top: top.items.map((item, rank) => ({
          rank: rank + 1,
          ...nodeView(loaded, item.node),
          score: item.score,
        })),
        truncated: top.truncated,
        ...notes,
      },
    };
  },
});
