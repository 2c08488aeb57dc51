/** Every TanStack Query key in one place, so invalidations cannot drift from the queries. */
export const queryKeys = {
  capabilities: ["capabilities"] as const,
  projects: ["projects"] as const,
  datasets: (projectId: string) => ["projects", projectId, "datasets"] as const,
};
