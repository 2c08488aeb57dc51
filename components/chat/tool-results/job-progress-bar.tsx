import type { JobProgressState } from "@/hooks/api/run-view";
import { ProgressBar } from "../../ui/progress-bar";

function toneOf(job: JobProgressState): "active" | "success" | "failure" {
  if (job.status === "done") return "success";
  if (job.status === "failed" || job.status === "cancelled") return "failure";
  return "active";
}

/**
 * A background job's progress (JOB-1): stage, percent and message, live from `job_progress`
 * events or, after a refresh, from the run snapshot's last row. Knows no job kind.
 */
export function JobProgressBar({ job }: { job: JobProgressState }) {
  const pct = Math.max(0, Math.min(100, Math.round(job.pct)));
  return (
    <div
      className="mt-2 space-y-1 text-xs text-slate-700"
      data-testid="job-progress"
      data-job-id={job.jobId}
      data-job-status={job.status ?? "running"}
      data-pct={pct}
    >
      <p className="flex gap-2">
        <span className="font-medium" data-testid="job-progress-stage">
          {job.stage || "queued"}
        </span>
        <span className="truncate" data-testid="job-progress-message">
          {job.message}
        </span>
        <span className="ml-auto tabular-nums">{pct}%</span>
      </p>
      <ProgressBar value={pct} label={`Job ${job.stage || "queued"}`} tone={toneOf(job)} />
    </div>
  );
}
