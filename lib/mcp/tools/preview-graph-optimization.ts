import "server-only";
import { previewGraphOptimizationInputSchema } from "@/lib/contracts/tool-inputs/preview-graph-optimization-input";
import { optimizeInScope } from "../optimize-in-scope";
import { catalogue, defineTool } from "../tool-definition";

/** preview_graph_optimization (AP-5): what the edits would change, with nothing saved. */
export const previewGraphOptimizationTool = defineTool({
  name: "preview_graph_optimization",
  description:
    "Preview graph edits (remove_nodes, remove_edges, merge_nodes, drop_isolated, set_property) on a saved revision: reports what would change, saves nothing.",
  input: previewGraphOptimizationInputSchema,
  catalogue: catalogue({ reads: ["G", "C:{dataset_id}"] }),
  run: async (args, { identity }) => {
    const { result } = await optimizeInScope({ args, identity });
    return {
      data: {
        dataset_id: args.dataset_id,
        base_revision: args.base_revision,
        effect: result.effect,
        warnings: result.warnings,
      },
      message: "Preview only: nothing was saved.",
    };
  },
});
