/** Keys of the re-run queries: a project's list under the project's prefix, one re-run by id. */
export const rerunQueryKeys = {
  project: (projectId: string) => ["projects", projectId, "reruns"] as const,
  rerun: (rerunId: string) => ["reruns", rerunId] as const,
  watches: (sessionId: string) => ["sessions", sessionId, "watches"] as const,
};
