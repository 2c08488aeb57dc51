import "server-only";
import { z } from "zod";
import {
  type ConstructionProgress,
  constructDataset,
  constructDatasetBodySchema,
} from "@/lib/constructions/construct-dataset";
import { defineJob } from "../jobs/define-job";

/** What a construct_graph job is enqueued with: the dataset and its options, nothing in memory. */
const constructGraphJobInputSchema = z.object({
  dataset_id: z.string().min(1),
  options: constructDatasetBodySchema.default({}),
});

// A report for at most every 2 % (or a new stage): the SQL sandbox reports per statement batch,
// and every report is a row the waiter relays as an event.
function throttled(report: ConstructionProgress): ConstructionProgress {
  let last: { stage: string; pct: number } | undefined;
  return (next) => {
    if (last && last.stage === next.stage && next.pct - last.pct < 2 && next.pct < 100) return;
    last = next;
    report(next);
  };
}

/**
 * Builds a dataset's next construction revision in a worker (here or in another process): the
 * upload is read from storage and the revision written to PostgreSQL, like the synchronous
 * build. Its progress rows are the construction's stages. The result is what the synchronous
 * construct_graph returns (`{construction}`), so a finished job reads like an immediate answer.
 * Re-run when lost before it wrote anything: at worst a `building` revision is left, which the
 * rerun's newer revision supersedes.
 */
export const constructGraphJob = defineJob({
  kind: "construct_graph",
  inputSchema: constructGraphJobInputSchema,
  handle: async ({ job, input, reportProgress, signal }) => {
    let writes: Promise<void> = Promise.resolve();
    const construction = await constructDataset({
      ownerId: job.ownerId,
      datasetId: input.dataset_id,
      options: input.options,
      signal,
      onProgress: throttled((report) => {
        // reportProgress keeps the order itself; a failed progress write must not fail the build.
        writes = reportProgress(report).catch(() => undefined);
      }),
    });
    await writes;
    return { construction };
  },
});
