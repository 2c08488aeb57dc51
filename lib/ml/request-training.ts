import "server-only";
import type { TrainInput } from "@/lib/contracts/tool-inputs/train-input";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { checkTrainingRequest, type TrainingCheck } from "@/lib/engine/ml/check-training-request";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { trainJob } from "@/lib/ml/train-job";
import { type MlJobRequester, mlJobLink } from "./ml-job-link";
import { withReasonInMessage } from "./ml-reason-message";
import { toTrainingRequest } from "./training-request";

/**
 * Accepts a training: checks task, labels, split and features on the session's graph first
 * (TC-2: an unusable request fails now, with the engine's reason, and no job exists), then
 * enqueues a `train` job that names the persisted dataset revision — the job loads that
 * revision itself and never reads this process's memory.
 */
export async function requestTraining(input: {
  ownerId: string;
  projectId: string;
  graph: GraphData;
  source: { datasetId: string; revision: number };
  args: TrainInput;
  requester: MlJobRequester;
}): Promise<{ jobId: string; check: TrainingCheck }> {
  const request = toTrainingRequest(input.args);
  const check = withReasonInMessage(() => checkTrainingRequest({ ...request, graph: input.graph }));
  const link = await mlJobLink({ ownerId: input.ownerId, requester: input.requester });
  const { jobId } = await enqueueJob({
    ownerId: input.ownerId,
    projectId: input.projectId,
    ...trainJob.withInput({
      dataset_id: input.source.datasetId,
      revision: input.source.revision,
      args: input.args,
    }),
    ...link,
  });
  return { jobId, check };
}
