"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import {
  type ConstructDatasetRequest,
  type Construction,
  constructResponseSchema,
} from "@/lib/contracts/construction";
import { type JobProgressRow, jobAcceptedSchema } from "@/lib/contracts/job-status";
import { ApiRequestError } from "./api/api-request-error";
import { fetchJson } from "./api/fetch-json";
import { followJob } from "./api/follow-job";
import { graphQueryKeys } from "./api/graph-query-keys";
import { queryKeys } from "./query-keys";

export type ConstructDatasetInput = {
  datasetId: string;
  /** The build options as the construct endpoint takes them (node table, direction, weights). */
  options?: ConstructDatasetRequest;
};

// 200 {construction} for a build done at once, 202 {job_id} for one handed to a job.
const constructAnswerSchema = z.union([constructResponseSchema, jobAcceptedSchema]);

async function buildThroughJob(input: {
  jobId: string;
  onProgress: (row: JobProgressRow) => void;
}): Promise<Construction> {
  const final = await followJob({
    jobId: input.jobId,
    signal: new AbortController().signal,
    onProgress: input.onProgress,
  });
  if (final.status === "done") {
    const parsed = constructResponseSchema.safeParse(final.result);
    if (parsed.success) return parsed.data.construction;
    throw new ApiRequestError({
      status: 200,
      code: "RESULT_UNAVAILABLE",
      message: "The build finished without a graph revision.",
    });
  }
  throw new ApiRequestError({
    status: 200,
    code: final.error?.code ?? (final.status === "cancelled" ? "JOB_CANCELLED" : "JOB_FAILED"),
    message: final.error?.message ?? `The build was ${final.status}.`,
  });
}

/**
 * Builds a graph from a dataset and refreshes the dataset list and that dataset's revisions,
 * whether it succeeded or failed. A small upload is built during the request; a large one
 * (CONSTRUCT_ASYNC_MIN_BYTES on the server) runs as a job, followed here until it ends, with
 * its newest progress row in `progress` for the Build control's bar.
 */
export function useConstructDataset({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<JobProgressRow | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ datasetId, options = {} }: ConstructDatasetInput) => {
      setProgress(null);
      const answer = await fetchJson({
        url: `/api/datasets/${encodeURIComponent(datasetId)}/construct`,
        schema: constructAnswerSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(options),
        },
      });
      if ("construction" in answer) return answer.construction;
      // The job reserves a `building` revision: the list shows it while the bar moves.
      void queryClient.invalidateQueries({ queryKey: queryKeys.datasets(projectId) });
      return buildThroughJob({ jobId: answer.job_id, onProgress: setProgress });
    },
    // A failed build is saved too (as a failed revision), so both outcomes change the lists.
    onSettled: (_data, _error, { datasetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.datasets(projectId) }),
        queryClient.invalidateQueries({ queryKey: graphQueryKeys.dataset(datasetId) }),
      ]),
  });
  return Object.assign(mutation, { progress });
}
