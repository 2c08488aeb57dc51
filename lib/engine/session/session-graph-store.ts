import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { type GraphOrigin, LoadedGraph } from "./loaded-graph";

type SessionGraphs = {
  current: LoadedGraph | null;
  versions: LoadedGraph[];
  nextVersion: number;
  config: Record<string, unknown>;
  touchedAt: number;
};

/**
 * Session graphs in engine memory, keyed by owner AND session so one owner's call can never
 * reach another owner's graph even with a guessed session id. Bounded: the least recently used
 * sessions and the oldest versions of a session are dropped first.
 */
export class SessionGraphStore {
  private readonly sessions = new Map<string, SessionGraphs>();
  private readonly maxSessions: number;
  private readonly maxVersionsPerSession: number;

  constructor(options: { maxSessions?: number; maxVersionsPerSession?: number } = {}) {
    this.maxSessions = options.maxSessions ?? 64;
    this.maxVersionsPerSession = options.maxVersionsPerSession ?? 6;
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
    });
    this.evict();
    return { created: true };
  }

  /** Loads a graph as the session's new current version. */
  load(scope: SessionScope, input: { graph: GraphData; origin: GraphOrigin }): LoadedGraph {
    this.register(scope);
    const session = this.sessions.get(keyOf(scope)) as SessionGraphs;
    const loaded = new LoadedGraph({ version: session.nextVersion++, ...input });
    session.versions.push(loaded);
    while (session.versions.length > this.maxVersionsPerSession) session.versions.shift();
    session.current = loaded;
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
  }

  private evict(): void {
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
  }
}

/** Whose session graph: both parts always come from the authenticated identity, never args. */
export type SessionScope = { ownerId: string; sessionId: string };

function keyOf(scope: SessionScope): string {
  return `${scope.ownerId}\u0000${scope.sessionId}`;
}
