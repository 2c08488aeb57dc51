import "server-only";
import { constructGraphJob } from "@/lib/constructions/construct-graph-job";
import { findRunForOwner } from "@/lib/db/queries/runs";
import { getEnv } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getDatasetOrThrow } from "../datasets/get-dataset-or-throw";
import { checkWeightColumn } from "./check-weight-column";
import {
  type ConstructDatasetOptions,
  constructDataset,
  effectiveNodesDatasetId,
} from "./construct-dataset";

/** The run call that asks for a build, so its job is tied to that run phase (RC-4). */
export type ConstructionRequester = {
  sessionId: string | null;
  runId: string | null;
  executionGeneration: number | null;
  toolCallId: string | null;
};

/** A build answered at once, or handed to a job (JOB-1). */
export type ConstructionRequest =
  | { kind: "built"; construction: Awaited<ReturnType<typeof constructDataset>> }
  | { kind: "job"; jobId: string };

/**
 * Builds a dataset's next revision now, or — from CONSTRUCT_ASYNC_MIN_BYTES of upload (edge file
 * plus node table) — enqueues a `construct_graph` job that does it in a worker and answers its
 * id. The job carries the asking run and generation only when the run is the owner's, so a
 * stale phase registers nothing (RC-4) and a foreign run id is never linked.
 */
export async function requestConstruction(input: {
  ownerId: string;
  datasetId: string;
  options: ConstructDatasetOptions;
  signal?: AbortSignal;
  requester?: ConstructionRequester;
}): Promise<ConstructionRequest> {
  const dataset = await getDatasetOrThrow(input);
  // A bad weight column is refused before a revision is reserved or a job queued.
  await checkWeightColumn({ ownerId: input.ownerId, dataset, options: input.options });
  const nodesDatasetId = effectiveNodesDatasetId({ options: input.options, dataset });
  const nodesBytes = nodesDatasetId
    ? (await getDatasetOrThrow({ ownerId: input.ownerId, datasetId: nodesDatasetId })).bytes
    : 0;
  if (dataset.bytes + nodesBytes < getEnv().CONSTRUCT_ASYNC_MIN_BYTES) {
    const construction = await constructDataset(input);
    return { kind: "built", construction };
  }
  const link = await runLink({ ownerId: input.ownerId, requester: input.requester });
  const { jobId } = await enqueueJob({
    ownerId: input.ownerId,
    projectId: dataset.projectId,
    ...constructGraphJob.withInput({ dataset_id: dataset.id, options: input.options }),
    ...link,
  });
  return { kind: "job", jobId };
}

async function runLink(input: { ownerId: string; requester?: ConstructionRequester }) {
  const requester = input.requester;
  if (!requester?.runId) return {};
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: requester.runId });
  if (!run) return {};
  return {
    sessionId: run.sessionId,
    runId: run.id,
    executionGeneration: requester.executionGeneration ?? undefined,
    toolCallId: requester.toolCallId ?? undefined,
  };
}
