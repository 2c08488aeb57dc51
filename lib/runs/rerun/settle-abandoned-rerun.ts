import "server-only";
import { findOwnedJob } from "@/lib/db/queries/jobs";
import { finishRerun } from "@/lib/db/queries/reruns";

type RerunRow = {
  id: string;
  ownerId: string;
  status: string;
  jobId: string | null;
  errorMessage: string | null;
  finishedAt: Date | null;
};

/**
 * A re-run whose job ended without it (the sweep gave up after its workers were lost, or the
 * job was cancelled before it ran) would read `running` forever: the job's end is the re-run's.
 * Read when the re-run is shown, so no sweep of its own is needed.
 */
export async function settleAbandonedRerun<Row extends RerunRow>(row: Row): Promise<Row> {
  if ((row.status !== "queued" && row.status !== "running") || !row.jobId) return row;
  const job = await findOwnedJob({ ownerId: row.ownerId, jobId: row.jobId });
  if (!job || (job.status !== "failed" && job.status !== "cancelled")) return row;
  const errorMessage =
    job.status === "cancelled"
      ? "The re-run was stopped: its job was cancelled."
      : `The re-run stopped: ${job.errorMessage ?? "its job failed."}`;
  await finishRerun({ rerunId: row.id, status: "failed", errorMessage });
  return { ...row, status: "failed", errorMessage, finishedAt: new Date() };
}
