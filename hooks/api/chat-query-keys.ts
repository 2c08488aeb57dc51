/**
 * Keys of the chat queries. Sessions of a project sit under the project's prefix (like its
 * datasets); a session snapshot and a run snapshot have their own roots.
 */
export const chatQueryKeys = {
  sessions: (projectId: string) => ["projects", projectId, "sessions"] as const,
  /** Prefix of every session snapshot (a run's page knows its run, not always its session). */
  allSessions: ["sessions"] as const,
  session: (sessionId: string) => ["sessions", sessionId] as const,
  run: (runId: string) => ["runs", runId] as const,
  models: ["models"] as const,
};
