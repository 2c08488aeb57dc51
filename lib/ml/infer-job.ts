import "server-only";
import { z } from "zod";
import { inferInputSchema } from "@/lib/contracts/tool-inputs/infer-input";
import { NotFoundError } from "@/lib/errors/http-errors";
import { defineJob } from "@/lib/jobs/define-job";
import { loadConstructionGraph } from "../constructions/load-construction-graph";
import { missingLinkCandidates } from "./candidate-pairs";
import { getModelOrThrow } from "./get-model-or-throw";
import { reasonFirst } from "./ml-reason-message";
import { readModelFile } from "./model-storage";
import { runInference } from "./run-ml";

/** What an infer job is enqueued with: the persisted revision and the tool's arguments. */
const inferJobInputSchema = z.object({
  dataset_id: z.string().min(1),
  revision: z.number().int(),
  args: inferInputSchema,
});

/** Node predictions a result carries at most (the rest is counted, not listed). */
const maxListedPredictions = 5_000;

/**
 * An infer job: reads the model record and its checksummed file, loads the named revision
 * from PostgreSQL and applies the model in a worker thread. Link prediction without pairs
 * scores the missing links of the named nodes and keeps the `top_k` most likely. It writes
 * nothing, so a lost one simply runs again.
 */
export const inferJob = defineJob({
  kind: "infer",
  inputSchema: inferJobInputSchema,
  handle: async ({ job, input, reportProgress, signal }) => {
    const { dataset_id: datasetId, revision, args } = input;
    const row = await getModelOrThrow({ ownerId: job.ownerId, modelId: args.model_id });
    if (!row.filePath) throw new NotFoundError(`The file of model ${row.id}`);
    const modelFile = await readModelFile({ relativePath: row.filePath });
    await reportProgress({ stage: "loading", pct: 0, message: `loading revision ${revision}` });
    const { graph } = await loadConstructionGraph({ ownerId: job.ownerId, datasetId, revision });
    const pairs =
      modelFile.task === "link_prediction"
        ? (args.pairs ?? missingLinkCandidates({ graph, nodeIds: args.node_ids }))
        : undefined;
    await reportProgress({ stage: "inferring", pct: 30, message: "applying the model" });
    const inferred = await runInference({
      request: {
        op: "infer",
        input: {
          graph,
          modelFile,
          ...(args.node_ids && !pairs ? { nodeIds: args.node_ids } : {}),
          ...(pairs ? { pairs } : {}),
        },
      },
      signal,
    }).catch((error: unknown) => {
      throw reasonFirst(error);
    });
    await reportProgress({ stage: "done", pct: 100, message: "inference finished" });
    const common = { model_id: row.id, dataset_id: datasetId, revision, job_id: job.id };
    if (inferred.task === "link_prediction") {
      const ranked = args.pairs
        ? inferred.predictions
        : [...inferred.predictions]
            .sort((a, b) => b.probability - a.probability)
            .slice(0, args.top_k);
      return {
        ...common,
        task: inferred.task,
        scored_pairs: inferred.predictions.length,
        predictions: ranked,
        truncated: ranked.length < inferred.predictions.length,
      };
    }
    const listed = inferred.predictions.slice(0, maxListedPredictions);
    return {
      ...common,
      task: inferred.task,
      label_property: modelFile.labelProperty,
      prediction_count: inferred.predictions.length,
      predictions: listed,
      truncated: listed.length < inferred.predictions.length,
    };
  },
});
