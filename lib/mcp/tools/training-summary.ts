import "server-only";
import { trainingSummaryInputSchema } from "@/lib/contracts/tool-inputs/training-summary-input";
import { getTrainingSummary } from "@/lib/ml/get-training-summary";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/**
 * training_summary: the project's `project_training_summary` (JOB-4) for the agent — the same
 * backend-verified records as GET /api/projects/{id}/training-summary, so "compare the models"
 * cites stored figures, grouped so that only comparable experiments share a table.
 */
export const trainingSummaryTool = defineTool({
  name: "training_summary",
  description:
    "List the trained models of this project with their config, metrics and evaluation protocol, grouped by dataset + revision, task and split. Compare metrics only inside one group.",
  input: trainingSummaryInputSchema,
  catalogue: catalogue({ reads: ["M:*"] }),
  run: async (_args, { identity }) => {
    const { scope, projectId } = await requireSession(identity);
    const summary = await getTrainingSummary({ ownerId: scope.ownerId, projectId });
    return {
      data: summary,
      message: `${summary.model_count} model(s) in ${summary.groups.length} comparable group(s).`,
    };
  },
});
