import "server-only";
import {
  evaluationProtocolSchema,
  splitDescriptionSchema,
  type TrainingGroup,
  type TrainingSummary,
  trainingMetricsSchema,
} from "@/lib/contracts/ml-models";
import { listMlModelsOfProject } from "@/lib/db/queries/ml-models";
import { getProjectOrThrow } from "../projects/get-project-or-throw";

/**
 * `project_training_summary` (JOB-4): every model record of the project, its config, metrics
 * and id read together from the same row, grouped so that only comparable experiments share
 * a table — same dataset, revision, task and split. A seeded split (stratified or edges) is
 * another split under another seed, so the seed is part of its key; a property split is the
 * property's. A record whose metrics or protocol do not parse is left out and named.
 */
export async function getTrainingSummary(input: {
  ownerId: string;
  projectId: string;
}): Promise<TrainingSummary> {
  await getProjectOrThrow(input);
  const rows = await listMlModelsOfProject(input);
  const groups = new Map<string, TrainingGroup>();
  const excluded: { model_id: string; reason: string }[] = [];
  for (const row of rows) {
    const config = (row.config ?? {}) as Record<string, unknown>;
    const metrics = trainingMetricsSchema.safeParse(row.metrics);
    const protocol = evaluationProtocolSchema.safeParse(config.protocol);
    const split = splitDescriptionSchema.safeParse(row.split);
    if (!metrics.success || !protocol.success || !split.success) {
      excluded.push({ model_id: row.id, reason: "metrics, protocol or split unreadable" });
      continue;
    }
    if (protocol.data.task !== row.task) {
      excluded.push({ model_id: row.id, reason: "protocol task differs from the record's" });
      continue;
    }
    const seeded = split.data.kind !== "property";
    const key = JSON.stringify([
      row.datasetId,
      row.constructionRevision,
      row.task,
      split.data.kind,
      split.data.property ?? null,
      split.data.fractions ?? null,
      split.data.sizes,
      seeded ? protocol.data.seed : null,
    ]);
    let group = groups.get(key);
    if (!group) {
      group = {
        group_key: key,
        dataset_id: row.datasetId,
        dataset_name: row.dataset?.name ?? null,
        revision: row.constructionRevision,
        task: row.task as TrainingGroup["task"],
        split: { ...split.data, ...(seeded ? { seed: protocol.data.seed } : {}) },
        metric: protocol.data.metric,
        experiments: [],
      };
      groups.set(key, group);
    }
    group.experiments.push({
      model_id: row.id,
      model: row.algorithm,
      config,
      metrics: metrics.data,
      protocol: protocol.data,
      job_id: row.jobId,
      created_at: row.createdAt.toISOString(),
    });
  }
  return {
    project_id: input.projectId,
    model_count: rows.length - excluded.length,
    groups: [...groups.values()],
    excluded,
  };
}
