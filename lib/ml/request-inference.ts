import "server-only";
import type { InferInput } from "@/lib/contracts/tool-inputs/infer-input";
import { EngineError } from "@/lib/engine/engine-error";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { assertFeatureSchemaCompatible } from "@/lib/engine/ml/feature-matrix";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { inferJob } from "@/lib/ml/infer-job";
import { getModelOrThrow } from "./get-model-or-throw";
import { type MlJobRequester, mlJobLink } from "./ml-job-link";
import { withReasonInMessage } from "./ml-reason-message";
import { readModelFile } from "./model-storage";

/**
 * Accepts an inference: the model must be the owner's and in the session's project, and the
 * session's graph must fit the model's feature schema (FEATURE_SCHEMA_MISMATCH otherwise) and
 * hold every named node — all refused now, before a job exists. The job then reads the
 * persisted revision named here.
 */
export async function requestInference(input: {
  ownerId: string;
  projectId: string;
  graph: GraphData;
  source: { datasetId: string; revision: number };
  args: InferInput;
  requester: MlJobRequester;
}): Promise<{ jobId: string; task: string }> {
  const { args } = input;
  const row = await getModelOrThrow({
    ownerId: input.ownerId,
    modelId: args.model_id,
    projectId: input.projectId,
  });
  if (!row.filePath) throw new NotFoundError(`The file of model ${row.id}`);
  const modelFile = await readModelFile({ relativePath: row.filePath });
  if (modelFile.task === "node_classification" && args.pairs) {
    throw new InvalidRequestError(
      "pairs are for link-prediction models; this one classifies nodes.",
    );
  }
  withReasonInMessage(() =>
    assertFeatureSchemaCompatible({ graph: input.graph, schema: modelFile.featureSchema }),
  );
  const known = new Set(input.graph.nodeIds);
  const named = [...(args.node_ids ?? []), ...(args.pairs ?? []).flat()];
  const missing = named.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new EngineError("NODE_NOT_FOUND", `No node has the id "${missing[0]}".`, {
      missing: missing.slice(0, 20),
    });
  }
  const link = await mlJobLink({ ownerId: input.ownerId, requester: input.requester });
  const { jobId } = await enqueueJob({
    ownerId: input.ownerId,
    projectId: input.projectId,
    ...inferJob.withInput({
      dataset_id: input.source.datasetId,
      revision: input.source.revision,
      args,
    }),
    ...link,
  });
  return { jobId, task: modelFile.task };
}
