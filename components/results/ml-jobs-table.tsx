"use client";

import Link from "next/link";
import { finishedJobStatuses } from "@/lib/contracts/job-status";
import type { MlJobSummary } from "@/lib/contracts/ml-jobs";
import { formatDateTime } from "../format/format-date-time";
import { secondaryButtonClass } from "../ui/button-styles";
import { ProgressBar } from "../ui/progress-bar";
import { requestedSplitLabel, shortId, taskLabel } from "./ml-labels";

const statusClasses: Record<MlJobSummary["status"], string> = {
  queued: "bg-slate-100 text-slate-700",
  running: "bg-blue-100 text-blue-800",
  done: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-amber-100 text-amber-900",
};

function JobProgress({ job }: { job: MlJobSummary }) {
  const row = job.latest_progress;
  const pct = row ? row.pct : 0;
  return (
    <div className="mt-1 w-40 space-y-0.5" data-testid="ml-job-progress" data-pct={Math.round(pct)}>
      <ProgressBar value={pct} label={`Job ${row?.stage ?? "queued"}`} />
      <p className="truncate text-xs text-slate-600">
        {row ? `${row.stage}: ${row.message}` : "waiting for a worker"}
      </p>
    </div>
  );
}

/**
 * The project's training and inference jobs with what each was asked to do; unfinished ones
 * show their newest progress (the list is re-read while one runs) and a Stop when the server
 * can cancel jobs (`job_cancel_v1`).
 */
export function MlJobsTable({
  jobs,
  canCancel,
  onCancel,
  cancellingJobId,
}: {
  jobs: MlJobSummary[];
  canCancel: boolean;
  onCancel: (jobId: string) => void;
  cancellingJobId: string | null;
}) {
  // Positioned: the sr-only header text is absolute and would otherwise escape the scroll
  // box and widen a narrow page.
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="ml-jobs-table">
        <caption className="sr-only">Training and inference jobs, newest first</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            {["Job", "Status", "Dataset", "Task", "Model", "Split", "Seed", "Model record", ""].map(
              (heading, index) => (
                <th key={heading || index} scope="col" className="py-2 pr-3 font-medium">
                  {heading || <span className="sr-only">Actions</span>}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => {
            const unfinished = !finishedJobStatuses.has(job.status);
            return (
              <tr
                key={job.job_id}
                className="border-b border-slate-100 align-top"
                data-testid="ml-job-row"
                data-job-id={job.job_id}
                data-job-status={job.status}
                data-job-kind={job.kind}
              >
                <td className="py-2 pr-3">
                  <span className="font-medium">
                    {job.kind === "train" ? "Training" : "Inference"}
                  </span>
                  <span className="block text-xs text-slate-500" title={job.job_id}>
                    {formatDateTime(job.created_at)}
                  </span>
                </td>
                <td className="py-2 pr-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClasses[job.status]}`}
                  >
                    {job.cancel_requested && unfinished ? "stopping" : job.status}
                  </span>
                  {unfinished ? <JobProgress job={job} /> : null}
                  {job.error && job.status !== "done" ? (
                    <p className="mt-1 max-w-xs text-xs text-red-800">
                      {job.error.message} <code>{job.error.code}</code>
                    </p>
                  ) : null}
                </td>
                <td className="py-2 pr-3">
                  {job.dataset_name ?? job.dataset_id ?? "—"}
                  {job.revision !== null ? (
                    <span className="block text-xs text-slate-500">revision {job.revision}</span>
                  ) : null}
                </td>
                <td className="py-2 pr-3">
                  {taskLabel(job.task)}
                  {job.label_property ? (
                    <span className="block text-xs text-slate-500">
                      label “{job.label_property}”
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-3">{job.model ?? "—"}</td>
                <td className="py-2 pr-3">
                  {job.kind === "train" ? requestedSplitLabel(job.split) : "—"}
                </td>
                <td className="py-2 pr-3 tabular-nums">{job.seed ?? "—"}</td>
                <td className="py-2 pr-3">
                  {job.model_id ? (
                    <Link
                      href={`/results/models/${encodeURIComponent(job.model_id)}`}
                      className="font-mono text-xs text-blue-700 underline"
                      title={job.model_id}
                    >
                      {shortId(job.model_id)}
                    </Link>
                  ) : (
                    "—"
                  )}
                  {job.prediction_count !== null ? (
                    <span className="block text-xs text-slate-500">
                      {job.prediction_count} predictions
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-3">
                  {unfinished && canCancel ? (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={() => onCancel(job.job_id)}
                      disabled={job.cancel_requested || cancellingJobId === job.job_id}
                      data-testid="ml-job-stop"
                    >
                      {job.cancel_requested || cancellingJobId === job.job_id
                        ? "Stopping…"
                        : "Stop"}
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
