import "server-only";
import { listDatasets } from "@/lib/backend/datasets/list-datasets";
import { listDatasetsInputSchema } from "@/lib/contracts/tool-inputs/list-datasets-input";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** list_datasets: the datasets of the session's project. */
export const listDatasetsTool = defineTool({
  name: "list_datasets",
  description:
    "List the datasets of this session's project with their construction status and the newest ready revision.",
  input: listDatasetsInputSchema,
  catalogue: catalogue({ reads: ["D:*", "C:*"] }),
  run: async (_args, { identity }) => {
    const { scope, projectId } = await requireSession(identity);
    return { data: { datasets: await listDatasets({ ownerId: scope.ownerId, projectId }) } };
  },
});
