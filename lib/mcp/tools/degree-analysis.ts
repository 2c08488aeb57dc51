import "server-only";
import { degreeAnalysisInputSchema } from "@/lib/contracts/tool-inputs/degree-analysis-input";
import { computeDegrees, degreeDistribution } from "@/lib/engine/algorithms/degree";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { catalogue, defineTool } from "../tool-definition";

/** degree_analysis: the degree distribution and the highest-degree nodes. */
export const degreeAnalysisTool = defineTool({
  name: "degree_analysis",
  description: "Degree distribution of the session graph and its highest-degree nodes.",
  input: degreeAnalysisInputSchema,
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
});
