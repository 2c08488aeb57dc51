import type { GraphData } from "../graph/graph-data";
import { QueryEngineClient } from "./query-engine-client";

type CacheEntry = {
  graph: WeakRef<GraphData>;
  client: Promise<QueryEngineClient>;
  users: number;
  idleTimer?: NodeJS.Timeout;
};
type CacheState = {
  byGraph: WeakMap<GraphData, CacheEntry>;
  /** Least recently used first. */
  recent: CacheEntry[];
  finalizer: FinalizationRegistry<CacheEntry>;
};

// A graph version is immutable, so its engine process is loaded once and kept for the next
// query: at most three (each holds its graph in DuckDB), none longer than 10 idle minutes, and
// one in use is never closed. On globalThis so `next dev` module reloads share one cache.
const maxOpenEngines = 3;
const idleMs = 10 * 60_000;
const loadTimeoutMs = 120_000;
const stateKey = Symbol.for("graph-workbench.query-engine-cache");
const globals = globalThis as typeof globalThis & { [stateKey]?: CacheState };
globals[stateKey] ??= {
  byGraph: new WeakMap(),
  recent: [],
  // A graph nobody holds any more takes its engine with it.
  finalizer: new FinalizationRegistry((entry) => forget(entry)),
};
const state: CacheState = globals[stateKey];

/**
 * Runs `work` with the query engine of `graph`, starting and loading one on first use
 * (concurrent first queries share it). An engine that failed to load, or was killed at a time
 * limit, is forgotten: the next query starts a fresh one.
 */
export async function withQueryEngine<T>({
  graph,
  work,
}: {
  graph: GraphData;
  work: (client: QueryEngineClient) => Promise<T>;
}): Promise<T> {
  let entry = state.byGraph.get(graph);
  if (entry && !(await isAlive(entry))) {
    forget(entry);
    entry = undefined;
  }
  if (!entry) entry = startEntry(graph);
  clearTimeout(entry.idleTimer);
  touch(entry);
  entry.users++;
  try {
    return await work(await entry.client);
  } finally {
    entry.users--;
    release(entry);
  }
}

/** How many engine processes are running or starting (for tests and status pages). */
export function openQueryEngineCount(): number {
  return state.recent.length;
}

/** Stops every idle engine process and waits until they have exited (tests, shutdown). */
export async function closeIdleQueryEngines(): Promise<void> {
  const idle = state.recent.filter((entry) => entry.users === 0);
  await Promise.all(idle.map((entry) => forget(entry)));
}

function startEntry(graph: GraphData): CacheEntry {
  const entry: CacheEntry = {
    graph: new WeakRef(graph),
    client: QueryEngineClient.start({ graph, timeoutMs: loadTimeoutMs }),
    users: 0,
  };
  state.byGraph.set(graph, entry);
  state.finalizer.register(graph, entry);
  entry.client.catch(() => forget(entry));
  return entry;
}

async function isAlive(entry: CacheEntry): Promise<boolean> {
  try {
    return (await entry.client).alive;
  } catch {
    return false;
  }
}

function touch(entry: CacheEntry) {
  const index = state.recent.indexOf(entry);
  if (index !== -1) state.recent.splice(index, 1);
  state.recent.push(entry);
}

function release(entry: CacheEntry) {
  // Killed at a time limit: let it go now rather than at the next query.
  entry.client.then(
    (client) => {
      if (!client.alive) void forget(entry);
    },
    () => undefined,
  );
  if (entry.users === 0 && state.recent.includes(entry)) {
    entry.idleTimer = setTimeout(() => void forget(entry), idleMs);
    // An idle engine must not keep a script or a test run alive.
    entry.idleTimer.unref();
  }
  let excess = state.recent.length - maxOpenEngines;
  for (const candidate of [...state.recent]) {
    if (excess <= 0) break;
    if (candidate.users > 0) continue;
    void forget(candidate);
    excess--;
  }
}

async function forget(entry: CacheEntry): Promise<void> {
  clearTimeout(entry.idleTimer);
  const index = state.recent.indexOf(entry);
  if (index !== -1) state.recent.splice(index, 1);
  const graph = entry.graph.deref();
  if (graph && state.byGraph.get(graph) === entry) state.byGraph.delete(graph);
  try {
    const client = await entry.client;
    client.kill();
    await client.exited;
  } catch {
    // It never started; nothing to stop.
  }
}
