/**
 * Keys of the results queries: stored artefacts (immutable once written) and a session's files
 * (under the session's prefix, so refreshing a session refreshes its files too).
 */
export const resultsQueryKeys = {
  artifact: (artifactId: string) => ["artifacts", artifactId] as const,
  report: (reportId: string) => ["reports", reportId] as const,
  sessionFiles: (sessionId: string) => ["sessions", sessionId, "files"] as const,
};
