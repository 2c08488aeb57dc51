/**
 * Keys of the ML results queries: under the project's prefix (the summary and job list change
 * as jobs finish) and the model records, which never change once written.
 */
export const mlResultsQueryKeys = {
  trainingSummary: (projectId: string) => ["projects", projectId, "training-summary"] as const,
  mlJobs: (projectId: string) => ["projects", projectId, "ml-jobs"] as const,
  modelRecord: (modelId: string) => ["ml-models", modelId] as const,
};
