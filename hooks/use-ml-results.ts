"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { finishedJobStatuses, jobCancelAnswerSchema } from "@/lib/contracts/job-status";
import { type MlJobList, mlJobListSchema } from "@/lib/contracts/ml-jobs";
import { modelRecordSchema, trainingSummarySchema } from "@/lib/contracts/ml-models";
import { fetchJson } from "./api/fetch-json";
import { mlResultsQueryKeys } from "./api/ml-results-query-keys";

// While a job is unfinished its row is re-read this often, so progress and Stop stay live.
const liveJobPollMs = 1000;

/** Whether any listed job can still change. */
export function hasUnfinishedJob(list: MlJobList | undefined): boolean {
  return (list?.jobs ?? []).some((job) => !finishedJobStatuses.has(job.status));
}

/** `project_training_summary`: the project's experiments in comparable groups. */
export function useTrainingSummary(projectId: string, options: { live: boolean }) {
  return useQuery({
    queryKey: mlResultsQueryKeys.trainingSummary(projectId),
    queryFn: () =>
      fetchJson({
        url: `/api/projects/${encodeURIComponent(projectId)}/training-summary`,
        schema: trainingSummarySchema,
      }),
    // A job that finishes adds a record: re-read while one runs.
    refetchInterval: options.live ? liveJobPollMs * 2 : false,
  });
}

/** The project's training and inference jobs, newest first, re-read while one is unfinished. */
export function useMlJobs(projectId: string) {
  return useQuery({
    queryKey: mlResultsQueryKeys.mlJobs(projectId),
    queryFn: () =>
      fetchJson({
        url: `/api/projects/${encodeURIComponent(projectId)}/jobs?kind=train,infer`,
        schema: mlJobListSchema,
      }),
    refetchInterval: (query) => (hasUnfinishedJob(query.state.data) ? liveJobPollMs : false),
  });
}

/** One model record with its curves, final metrics and file link. */
export function useModelRecord(modelId: string | null) {
  return useQuery({
    queryKey: mlResultsQueryKeys.modelRecord(modelId ?? ""),
    queryFn: () =>
      fetchJson({
        url: `/api/ml/models/${encodeURIComponent(modelId ?? "")}`,
        schema: modelRecordSchema,
      }),
    enabled: modelId !== null,
    // A record is written once, when its training finishes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Stops a job and its descendants (`POST /api/jobs/{id}/cancel`), then re-reads the list. */
export function useCancelMlJob(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      fetchJson({
        url: `/api/jobs/${encodeURIComponent(jobId)}/cancel`,
        schema: jobCancelAnswerSchema,
        init: { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: mlResultsQueryKeys.mlJobs(projectId) }),
  });
}
