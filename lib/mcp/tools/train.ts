import "server-only";
import { trainInputSchema } from "@/lib/contracts/tool-inputs/train-input";
import { describeEpochs, describeFeatures, describeSplit } from "@/lib/engine/ml/describe-training";
import { requestTraining } from "@/lib/ml/request-training";
import { jobRequester, persistedSessionGraph } from "../persisted-session-graph";
import { catalogue, defineTool } from "../tool-definition";

/**
 * train: checks the request on the session's graph (TC-2), then trains in a background job on
 * the saved revision that graph came from; answers `{async: true, job_id}` at once, saying which
 * features, epochs and split the job will use — defaults included. No approval: an explicit
 * request to train is its own authorisation (AP-1).
 */
export const trainTool = defineTool({
  name: "train",
  description:
    "Train a graph ML model on the loaded graph: node classification (gcn, graphsage, gat — graph attention, `heads` per hidden layer —, appnp, gcnii, mlp on features only, logreg on structural features) to predict a node property, or link prediction (gcn/graphsage encoder). Omit `features` for the defaults: every usable node property, or — when nodes carry nothing but the label — the node-identity one-hot for gcn/graphsage (structural features for mlp). Checks labels, features and split first; runs as a background job and returns its job_id; the finished job answers the real model_id, metrics and evaluation protocol (features, epochs and split used).",
  input: trainInputSchema,
  catalogue: catalogue({ reads: ["G"], writes: ["M:new"], async: true }),
  run: async (args, { identity }) => {
    const { scope, projectId, graph, source } = await persistedSessionGraph(identity);
    const { jobId, check } = await requestTraining({
      ownerId: scope.ownerId,
      projectId,
      graph,
      source,
      args,
      requester: jobRequester(identity),
    });
    const setup = [
      ...(check.features ? [`features: ${describeFeatures(check.features)}`] : []),
      describeEpochs(check),
      describeSplit(check.split),
    ];
    return {
      data: {
        job_id: jobId,
        task: args.task,
        model: args.model,
        dataset_id: source.datasetId,
        revision: source.revision,
        check: {
          classes: check.classes,
          split: check.split,
          feature_width: check.featureWidth,
          feature_columns: check.featureColumns.length,
          features: check.features,
          max_epochs: check.maxEpochs,
          early_stopping: check.earlyStopping,
        },
      },
      jobId,
      message: `Training ${args.model} (${args.task}) on revision ${source.revision} in background job ${jobId}; ${setup.join("; ")}.`,
    };
  },
});
