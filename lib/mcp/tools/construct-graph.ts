import "server-only";
import { constructDataset } from "@/lib/backend/constructions/construct-dataset";
import { constructGraphInputSchema } from "@/lib/contracts/tool-inputs/construct-graph-input";
import { getDatasetInScope } from "../dataset-scope";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** construct_graph: builds and saves the next construction revision of a dataset. */
export const constructGraphTool = defineTool({
  name: "construct_graph",
  description:
    "Build a graph from an uploaded dataset (CSV, TXT edge list or SQL dump) and save it as its next revision. Only needed when the dataset has no ready construction.",
  input: constructGraphInputSchema,
  catalogue: catalogue({ reads: ["D:{dataset_id}"], writes: ["C:{dataset_id}"], async: true }),
  run: async (args, { identity, signal }) => {
    const { scope, projectId } = await requireSession(identity);
    await getDatasetInScope({ ownerId: scope.ownerId, projectId, datasetId: args.dataset_id });
    if (args.options?.nodes_dataset_id) {
      await getDatasetInScope({
        ownerId: scope.ownerId,
        projectId,
        datasetId: args.options.nodes_dataset_id,
      });
    }
    const construction = await constructDataset({
      ownerId: scope.ownerId,
      datasetId: args.dataset_id,
      options: args.options ?? {},
      signal,
    });
    return { data: { construction }, message: `Built revision ${construction.revision}.` };
  },
});
