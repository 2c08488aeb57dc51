import "server-only";
import { SessionGraphStore } from "@/lib/engine/session/session-graph-store";
import { getEnv } from "@/lib/env";
import { processRegistry } from "@/lib/process/process-registry";

const registry = processRegistry<{ store?: SessionGraphStore }>("__workbenchSessionGraphs");

/**
 * The process's session graphs (engine memory), shared across requests and dev reloads: a cache
 * of the persisted state, bounded by ENGINE_MEMORY_BUDGET_MB. Tools reach it through
 * sessionGraphsOf (session-graph-cache.ts), which reloads a session this process misses.
 */
export function sessionGraphs(): SessionGraphStore {
  registry.store ??= new SessionGraphStore({
    memoryBudgetBytes: getEnv().ENGINE_MEMORY_BUDGET_MB * 1024 * 1024,
  });
  return registry.store;
}

/**
 * Replaces the process's session graphs (none: a fresh, empty store, as a second instance would
 * start) and answers the previous ones, so a test can play two instances in one process.
 */
export function swapSessionGraphsForTests(next?: SessionGraphStore): SessionGraphStore | undefined {
  const previous = registry.store;
  registry.store = next;
  return previous;
}
