import "server-only";
import { requestConstruction } from "@/lib/constructions/request-construction";
import { constructGraphInputSchema } from "@/lib/contracts/tool-inputs/construct-graph-input";
import { getDatasetInScope } from "../dataset-scope";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/**
 * construct_graph: builds and saves the next construction revision of a dataset; a large upload
 * (CONSTRUCT_ASYNC_MIN_BYTES) is built by a job and answered `{async: true, job_id}`.
 */
export const constructGraphTool = defineTool({
  name: "construct_graph",
  description:
    "Build a graph from an uploaded dataset (CSV, TXT edge list or SQL dump) and save it as its next revision. Only needed when the dataset has no ready construction.",
  input: constructGraphInputSchema,
  catalogue: catalogue({ reads: ["D:{dataset_id}"], writes: ["C:{dataset_id}"], async: true }),
  run: async (args, { identity, signal }) => {
    const { scope, projectId } = await requireSession(identity);
    const inScope = { ...scope, projectId, runId: identity.runId, run: identity.resolved?.run };
    await getDatasetInScope({ ...inScope, datasetId: args.dataset_id });
    if (args.options?.nodes_dataset_id) {
      await getDatasetInScope({ ...inScope, datasetId: args.options.nodes_dataset_id });
    }
    const request = await requestConstruction({
      ownerId: scope.ownerId,
      datasetId: args.dataset_id,
      options: args.options ?? {},
      signal,
      requester: {
        sessionId: identity.sessionId,
        runId: identity.runId,
        executionGeneration: identity.executionGeneration,
        toolCallId: identity.operationId,
      },
    });
    if (request.kind === "job") {
      return {
        data: { job_id: request.jobId },
        jobId: request.jobId,
        message: `Building the graph in background job ${request.jobId}.`,
      };
    }
    const { construction } = request;
    return { data: { construction }, message: `Built revision ${construction.revision}.` };
  },
});
