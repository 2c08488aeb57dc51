/** Query keys of the memory manager (one root, so a change refreshes every store's view). */
export const memoryQueryKeys = {
  all: ["memory"] as const,
  list: (store: string, q: string) => ["memory", "list", store, q] as const,
  profile: ["memory", "profile"] as const,
  proposals: ["memory", "proposals"] as const,
  search: (q: string) => ["memory", "knowledge-search", q] as const,
};
