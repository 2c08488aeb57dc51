import "server-only";
import { loadConstructedGraphInputSchema } from "@/lib/contracts/tool-inputs/load-constructed-graph-input";
import { loadConstructionIntoSession } from "../load-construction-into-session";
import { catalogue, defineTool } from "../tool-definition";

/** load_constructed_graph: a saved revision (newest ready by default) into the session. */
export const loadConstructedGraphTool = defineTool({
  name: "load_constructed_graph",
  description:
    "Load a saved construction (the newest ready revision unless one is given) into this session's graph. Does not rebuild.",
  input: loadConstructedGraphInputSchema,
  catalogue: catalogue({ reads: ["C:{dataset_id}"], writes: ["G"] }),
  run: async (args, { identity }) => ({
    data: await loadConstructionIntoSession({
      identity,
      datasetId: args.dataset_id,
      revision: args.revision,
    }),
  }),
});
