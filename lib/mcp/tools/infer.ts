import "server-only";
import { inferInputSchema } from "@/lib/contracts/tool-inputs/infer-input";
import { requestInference } from "@/lib/ml/request-inference";
import { jobRequester, persistedSessionGraph } from "../persisted-session-graph";
import { catalogue, defineTool } from "../tool-definition";

/**
 * infer: applies a trained model to the session's graph in a background job; a graph whose
 * node properties do not fit the model's feature schema is refused before any job exists.
 */
export const inferTool = defineTool({
  name: "infer",
  description:
    "Predict with a trained model (its real model_id from a finished train) on the loaded graph: class probabilities of nodes (node_ids, default all) or, for a link-prediction model, the most likely missing links (of node_ids) or the probability of given pairs. Runs as a background job.",
  input: inferInputSchema,
  catalogue: catalogue({ reads: ["G", "M:{model_id}"], async: true }),
  run: async (args, { identity }) => {
    const { scope, projectId, graph, source } = await persistedSessionGraph(identity);
    const { jobId, task } = await requestInference({
      ownerId: scope.ownerId,
      projectId,
      graph,
      source,
      args,
      requester: jobRequester(identity),
    });
    return {
      data: { job_id: jobId, model_id: args.model_id, task },
      jobId,
      message: `Predicting with model ${args.model_id} in background job ${jobId}.`,
    };
  },
});
