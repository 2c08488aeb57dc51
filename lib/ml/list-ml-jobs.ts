import "server-only";
import { z } from "zod";
import { type MlJobList, type MlJobSummary, mlJobKindValues } from "@/lib/contracts/ml-jobs";
import { listDatasetNames, listProjectJobs } from "@/lib/db/queries/jobs-list";
import { getProjectOrThrow } from "../projects/get-project-or-throw";

// What the list reads from a job's stored input and result. Lenient on purpose: a row written
// by an older version lists with nulls instead of failing the whole page.
const storedInputSchema = z.looseObject({
  dataset_id: z.string().optional(),
  revision: z.number().optional(),
  args: z
    .looseObject({
      task: z.string().optional(),
      model: z.string().optional(),
      model_id: z.string().optional(),
      seed: z.number().optional(),
      label_property: z.string().optional(),
      split: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
const storedResultSchema = z.looseObject({
  model_id: z.string().optional(),
  task: z.string().optional(),
  prediction_count: z.number().optional(),
  scored_pairs: z.number().optional(),
});

/** How many jobs the list answers at most (newest first). */
const listLimit = 200;

/**
 * The project's training and inference jobs (JOB-5), newest first: status, dataset +
 * revision, task, model, seed and split as the job was asked for, its newest progress row
 * (running ones are followed live by the view) and, once done, the model id it wrote or used.
 */
export async function listMlJobs(input: {
  ownerId: string;
  projectId: string;
  kinds?: readonly (typeof mlJobKindValues)[number][];
}): Promise<MlJobList> {
  await getProjectOrThrow(input);
  const kinds = input.kinds && input.kinds.length > 0 ? input.kinds : mlJobKindValues;
  const rows = await listProjectJobs({ ...input, kinds: [...kinds], limit: listLimit });
  const parsed = rows.map((row) => ({
    row,
    stored: storedInputSchema.safeParse(row.input).data ?? {},
    result: storedResultSchema.safeParse(row.result).data ?? {},
  }));
  const datasetIds = [
    ...new Set(parsed.flatMap(({ stored }) => (stored.dataset_id ? [stored.dataset_id] : []))),
  ];
  const names = new Map(
    (await listDatasetNames({ ownerId: input.ownerId, datasetIds })).map((d) => [d.id, d.name]),
  );
  const jobs = parsed.map(({ row, stored, result }): MlJobSummary => {
    const args = stored.args ?? {};
    const latest = row.progress[0];
    const isTrain = row.kind === "train";
    return {
      job_id: row.id,
      kind: isTrain ? "train" : "infer",
      status: row.status,
      session_id: row.sessionId,
      dataset_id: stored.dataset_id ?? null,
      dataset_name: stored.dataset_id ? (names.get(stored.dataset_id) ?? null) : null,
      revision: stored.revision ?? null,
      task: (isTrain ? args.task : result.task) ?? null,
      model: isTrain ? (args.model ?? null) : null,
      seed: isTrain ? (args.seed ?? null) : null,
      split: isTrain ? (args.split ?? null) : null,
      label_property: isTrain ? (args.label_property ?? null) : null,
      model_id: (isTrain ? result.model_id : args.model_id) ?? null,
      prediction_count: isTrain ? null : (result.prediction_count ?? result.scored_pairs ?? null),
      latest_progress: latest
        ? {
            seq: latest.seq,
            stage: latest.stage,
            pct: latest.pct,
            message: latest.message,
            at: latest.createdAt.toISOString(),
          }
        : null,
      error: row.errorCode
        ? { code: row.errorCode, message: row.errorMessage ?? row.errorCode }
        : null,
      cancel_requested: row.cancelRequested,
      created_at: row.createdAt.toISOString(),
      started_at: row.startedAt?.toISOString() ?? null,
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  });
  return { project_id: input.projectId, jobs };
}
