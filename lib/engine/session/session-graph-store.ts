import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { type GraphOrigin, LoadedGraph } from "./loaded-graph";

type SessionGraphs = {
  current: LoadedGraph | null;
  versions: LoadedGraph[];
  nextVersion: number;
  config: Record<string, unknown>;
  touchedAt: number;
  /** The persisted generation this copy was derived from; null when none was persisted. */
  generation: number | null;
  /**
   * Whether the copy is exactly that generation's state: false while a change is not saved yet
   * (or its save failed), and for a copy restored without its current graph.
   */
  synced: boolean;
};

/** What rebuilds a session from its persisted state (see SessionGraphStore.restore). */
export type SessionGraphsSnapshot = {
  versions: { version: number; origin: GraphOrigin; graph: GraphData; loadedAt: Date }[];
  currentVersion: number | null;
  nextVersion: number;
  config: Record<string, unknown>;
  /** The persisted generation the copy is rebuilt from. */
  generation: number;
  /** False when the copy is incomplete (restored without its current graph): reload on use. */
  synced: boolean;
};

/**
 * Session graphs in engine memory, keyed by owner AND session so one owner's call can never
 * reach another owner's graph even with a guessed session id. A cache of the persisted state:
 * bounded by a session count and a memory budget, the least recently used sessions are dropped
 * first (the one in use never, even when it alone exceeds the budget), and the oldest versions
 * of a session beyond its limit.
 */
export class SessionGraphStore {
  private readonly sessions = new Map<string, SessionGraphs>();
  private readonly maxSessions: number;
  /** Versions kept per session, oldest dropped first (persisted state keeps as many). */
  readonly maxVersionsPerSession: number;
  private readonly memoryBudgetBytes: number;

  constructor(
    options: {
      maxSessions?: number;
      maxVersionsPerSession?: number;
      memoryBudgetBytes?: number;
    } = {},
  ) {
    this.maxSessions = options.maxSessions ?? 64;
    this.maxVersionsPerSession = options.maxVersionsPerSession ?? 6;
    this.memoryBudgetBytes = options.memoryBudgetBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Creates the session's slot if missing (register_session). */
  register(scope: SessionScope): { created: boolean } {
    const key = keyOf(scope);
    if (this.sessions.has(key)) {
      this.touch(key);
      return { created: false };
    }
    this.sessions.set(key, {
      current: null,
      versions: [],
      nextVersion: 1,
      config: {},
      touchedAt: Date.now(),
      generation: null,
      synced: false,
    });
    this.evict();
    return { created: true };
  }

  /**
   * Replaces the session with a copy rebuilt from its persisted state; every version is marked
   * restored. Makes it the most recently used session and evicts others beyond the budget.
   */
  restore(scope: SessionScope, snapshot: SessionGraphsSnapshot): void {
    const key = keyOf(scope);
    const versions = snapshot.versions.map(
      (version) => new LoadedGraph({ ...version, restored: true }),
    );
    this.sessions.delete(key);
    this.sessions.set(key, {
      current: versions.find((loaded) => loaded.version === snapshot.currentVersion) ?? null,
      versions,
      nextVersion: snapshot.nextVersion,
      config: snapshot.config,
      touchedAt: Date.now(),
      generation: snapshot.generation,
      synced: snapshot.synced,
    });
    this.evict();
  }

  /**
   * The persisted generation the session's copy is exactly; null when it is none (never saved,
   * a change not saved, or incomplete); undefined when the session is not in memory.
   */
  generationOf(scope: SessionScope): number | null | undefined {
    const session = this.sessions.get(keyOf(scope));
    if (!session) return undefined;
    return session.synced ? session.generation : null;
  }

  /** Records that the session's copy is now exactly this persisted generation. */
  markPersisted(scope: SessionScope, generation: number): void {
    const session = this.sessions.get(keyOf(scope));
    if (!session) return;
    session.generation = generation;
    session.synced = true;
  }

  /**
   * Records that the copy holds a change its generation does not (a save under way or lost), so
   * it is not served as that generation; it still states the generation it was derived from.
   */
  markUnsaved(scope: SessionScope): void {
    const session = this.sessions.get(keyOf(scope));
    if (session) session.synced = false;
  }

  /**
   * What persisting the session needs besides its versions, with the persisted generation its
   * copy was derived from (null: none), which a save must still find current.
   */
  stateOf(scope: SessionScope):
    | {
        currentVersion: number | null;
        nextVersion: number;
        config: Record<string, unknown>;
        derivedFrom: number | null;
      }
    | undefined {
    const session = this.sessions.get(keyOf(scope));
    if (!session) return undefined;
    return {
      currentVersion: session.current?.version ?? null,
      nextVersion: session.nextVersion,
      config: session.config,
      derivedFrom: session.generation,
    };
  }

  /** Estimated bytes of every session in memory, least recently used first. */
  memoryUsage(): { sessionId: string; bytes: number }[] {
    return [...this.sessions].map(([key, session]) => ({
      sessionId: key.slice(key.indexOf("\u0000") + 1),
      bytes: bytesOf(session),
    }));
  }

  /** Loads a graph as the session's new current version. */
  load(scope: SessionScope, input: { graph: GraphData; origin: GraphOrigin }): LoadedGraph {
    this.register(scope);
    const session = this.sessions.get(keyOf(scope)) as SessionGraphs;
    const loaded = new LoadedGraph({ version: session.nextVersion++, ...input });
    session.versions.push(loaded);
    while (session.versions.length > this.maxVersionsPerSession) session.versions.shift();
    session.current = loaded;
    this.evict();
    return loaded;
  }

  /** The current graph, or undefined when nothing is loaded. */
  current(scope: SessionScope): LoadedGraph | undefined {
    const key = keyOf(scope);
    const session = this.sessions.get(key);
    if (!session?.current) return undefined;
    this.touch(key);
    return session.current;
  }

  /** The current graph; GRAPH_NOT_LOADED otherwise (never an empty graph standing in). */
  currentOrThrow(scope: SessionScope): LoadedGraph {
    const loaded = this.current(scope);
    if (!loaded) {
      throw new EngineError(
        "GRAPH_NOT_LOADED",
        "No graph is loaded in this session. Load a constructed dataset with load_constructed_graph first.",
      );
    }
    return loaded;
  }

  /** Versions kept for this session, oldest first. */
  versions(scope: SessionScope): readonly LoadedGraph[] {
    return this.sessions.get(keyOf(scope))?.versions ?? [];
  }

  /** Makes a kept in-session version current again; undefined when it is not kept. */
  switchTo(scope: SessionScope, version: number): LoadedGraph | undefined {
    const session = this.sessions.get(keyOf(scope));
    const target = session?.versions.find((loaded) => loaded.version === version);
    if (session && target) session.current = target;
    return target;
  }

  /** Unloads the current graph but keeps the session (clear_graph). */
  clear(scope: SessionScope): { cleared: boolean } {
    const session = this.sessions.get(keyOf(scope));
    if (!session?.current) return { cleared: false };
    session.current = null;
    session.versions = [];
    return { cleared: true };
  }

  /** Forgets the session entirely (delete_graph_session). */
  delete(scope: SessionScope): { deleted: boolean } {
    return { deleted: this.sessions.delete(keyOf(scope)) };
  }

  /** Session configuration values (set_session_config). */
  config(scope: SessionScope): Record<string, unknown> {
    this.register(scope);
    return (this.sessions.get(keyOf(scope)) as SessionGraphs).config;
  }

  private touch(key: string): void {
    const session = this.sessions.get(key);
    if (!session) return;
    session.touchedAt = Date.now();
    // Re-insert so Map order is least-recently-used first.
    this.sessions.delete(key);
    this.sessions.set(key, session);
    // A version's CSR and views are built lazily, on use: the figure may have grown.
    this.evict();
  }

  /**
   * Drops least-recently-used sessions while there are too many or they hold more than the
   * memory budget; the most recently used one stays (it is being served).
   */
  private evict(): void {
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
    if (!Number.isFinite(this.memoryBudgetBytes)) return;
    const sizes = [...this.sessions].map(([key, session]) => ({ key, bytes: bytesOf(session) }));
    let total = sizes.reduce((sum, entry) => sum + entry.bytes, 0);
    for (const entry of sizes.slice(0, -1)) {
      if (total <= this.memoryBudgetBytes) break;
      this.sessions.delete(entry.key);
      total -= entry.bytes;
    }
  }
}

function bytesOf(session: SessionGraphs): number {
  return session.versions.reduce((sum, loaded) => sum + loaded.estimatedBytes(), 0);
}

/** Whose session graph: both parts always come from the authenticated identity, never args. */
export type SessionScope = { ownerId: string; sessionId: string };

function keyOf(scope: SessionScope): string {
  return `${scope.ownerId}\u0000${scope.sessionId}`;
}
