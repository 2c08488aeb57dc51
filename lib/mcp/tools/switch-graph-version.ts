import "server-only";
import { switchGraphVersionInputSchema } from "@/lib/contracts/tool-inputs/switch-graph-version-input";
import { loadConstructionIntoSession } from "../load-construction-into-session";
import { catalogue, defineTool } from "../tool-definition";

/** switch_graph_version: one specific saved revision into the session. */
export const switchGraphVersionTool = defineTool({
  name: "switch_graph_version",
  description: "Load a specific saved construction revision of a dataset into this session.",
  input: switchGraphVersionInputSchema,
  catalogue: catalogue({ reads: ["C:{dataset_id}"], writes: ["G"] }),
  run: async (args, { identity }) => ({
    data: await loadConstructionIntoSession({
      identity,
      datasetId: args.dataset_id,
      revision: args.revision,
    }),
  }),
});
