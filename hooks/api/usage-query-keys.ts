/**
 * Keys of the usage queries: a project's usage over a range (or the default range) sits under
 * the project's prefix; a run's timeline under the run's, beside its snapshot.
 */
export const usageQueryKeys = {
  projectUsage: (projectId: string, range: { from: string; to: string } | null) =>
    ["projects", projectId, "usage", range?.from ?? "default", range?.to ?? "default"] as const,
  runTimeline: (runId: string) => ["runs", runId, "timeline"] as const,
};
