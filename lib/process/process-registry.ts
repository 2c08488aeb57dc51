/**
 * A per-process singleton slot on globalThis. In-process registries (database, clients, owner)
 * live here so `next dev` module reloads reuse them instead of creating a second copy.
 */
export function processRegistry<T extends object>(key: string): T {
  const store = globalThis as unknown as Record<string, T | undefined>;
  const existing = store[key];
  if (existing) return existing;
  const created = {} as T;
  store[key] = created;
  return created;
}
