import "server-only";
import { loadConstructionGraph } from "@/lib/constructions/load-construction-graph";
import {
  deleteSessionGraphState,
  findSessionGraphGeneration,
  findSessionGraphStateWithCurrentVersion,
  type SessionGraphVersionRow,
  saveSessionGraphState,
} from "@/lib/db/queries/session-graphs";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import type { GraphOrigin, LoadedGraph } from "@/lib/engine/session/loaded-graph";
import type { SessionGraphStore, SessionScope } from "@/lib/engine/session/session-graph-store";
import { decodeGraph, encodeGraph, graphPayloadFormat } from "@/lib/engine/storage/graph-codec";
import { ApiError } from "@/lib/errors/api-error";
import { sessionGraphs } from "./engine-state";
import { SessionGraphConflictError } from "./session-graph-conflict-error";

// Reloads in flight, so parallel tool calls of one session decode its graph once.
const reloading = new Map<string, Promise<void>>();

/**
 * The process's session graphs, with this session's copy current: PostgreSQL holds every
 * session's graph state, this process's memory only a cache of it. A session this process does
 * not hold (another instance served it, or it was evicted) or holds in an older generation is
 * reloaded from its persisted state first — its current version only: a saved revision from
 * `constructions`, an unsaved one (subgraph, projection) from its own payload.
 *
 * `replacingCurrent: true` is for a caller that loads a new current version at once: only the
 * numbering and configuration are restored, the old current graph is not decoded, and the copy
 * stays marked not current until that caller's load is persisted (recordLoadedVersion).
 *
 * Cost on a hit: the one primary-key read of the generation (findSessionGraphGeneration).
 */
export async function sessionGraphsOf(
  scope: SessionScope,
  options: { replacingCurrent?: boolean } = {},
): Promise<SessionGraphStore> {
  const store = sessionGraphs();
  const generation = await findSessionGraphGeneration(scope);
  const held = store.generationOf(scope);
  if (generation === null) {
    // Nothing persisted: a copy here is of a state another instance deleted since, or of a save
    // that never landed — neither may be served.
    if (held !== undefined) store.delete(scope);
    return store;
  }
  if (held === generation) return store;
  const withGraph = !options.replacingCurrent;
  const key = `${scope.ownerId}\u0000${scope.sessionId}\u0000${generation}\u0000${withGraph}`;
  let reload = reloading.get(key);
  if (!reload) {
    reload = reloadSessionGraphs(store, scope, withGraph).finally(() => reloading.delete(key));
    reloading.set(key, reload);
  }
  await reload;
  return store;
}

async function reloadSessionGraphs(
  store: SessionGraphStore,
  scope: SessionScope,
  withGraph: boolean,
) {
  const state = await findSessionGraphStateWithCurrentVersion(scope);
  if (!state) {
    store.delete(scope);
    return;
  }
  const row = withGraph ? state.current : null;
  const graph = row ? await graphOfVersion(store, scope, row) : null;
  store.restore(scope, {
    versions:
      row && graph
        ? [{ version: row.version, origin: originOf(row), graph, loadedAt: row.loadedAt }]
        : [],
    currentVersion: graph ? state.currentVersion : null,
    nextVersion: state.nextVersion,
    config: (state.config ?? {}) as Record<string, unknown>,
    generation: state.generation,
    // Without its current graph the copy is not the persisted state: the next call reloads it
    // unless the caller's new version is persisted first.
    synced: withGraph,
  });
}

/** A persisted version's graph; null when its saved revision no longer exists. */
async function graphOfVersion(
  store: SessionGraphStore,
  scope: SessionScope,
  row: SessionGraphVersionRow,
): Promise<GraphData | null> {
  if (row.payload) return decodeGraph({ bytes: row.payload, sha256: row.payloadSha256 });
  if (row.datasetId === null || row.revision === null) return null;
  // A saved revision never changes: a stale copy that holds it needs no decoding.
  const held = store
    .versions(scope)
    .find(
      (loaded) =>
        loaded.origin.kind === "construction" &&
        loaded.origin.datasetId === row.datasetId &&
        loaded.origin.revision === row.revision,
    );
  if (held) return held.graph;
  try {
    const { graph } = await loadConstructionGraph({
      ownerId: scope.ownerId,
      datasetId: row.datasetId,
      revision: row.revision,
    });
    return graph;
  } catch (error) {
    // The dataset (or the revision) was deleted since: the session has no graph, as after a clear.
    if (ApiError.isInstance(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

function originOf(row: SessionGraphVersionRow): GraphOrigin {
  if (row.originKind === "construction") {
    return { kind: "construction", datasetId: row.datasetId ?? "", revision: row.revision ?? 0 };
  }
  return {
    kind: row.originKind === "projection" ? "projection" : "subgraph",
    datasetId: row.datasetId,
    revision: row.revision,
    fromVersion: row.fromVersion ?? 0,
  };
}

/**
 * Persists a version the session just loaded or derived, as its current one, so any instance
 * can rebuild it: a saved revision by reference, an unsaved one with its graph encoded like a
 * revision's payload. Versions the store no longer keeps are dropped with it. Saved only if no
 * other instance saved the session since this copy was read: SessionGraphConflictError
 * otherwise, with nothing written (see saveState).
 */
export async function recordLoadedVersion(scope: SessionScope, loaded: LoadedGraph) {
  const store = sessionGraphs();
  const origin = loaded.origin;
  const payload = origin.kind === "construction" ? null : encodeGraph(loaded.graph);
  await saveState(store, scope, {
    newVersion: {
      version: loaded.version,
      originKind: origin.kind,
      datasetId: origin.datasetId,
      revision: origin.revision,
      fromVersion: origin.kind === "construction" ? null : origin.fromVersion,
      payload: payload ? (payload.bytes as Uint8Array<ArrayBuffer>) : null,
      payloadFormat: payload ? graphPayloadFormat : null,
      payloadSha256: payload?.sha256 ?? null,
      loadedAt: loaded.loadedAt,
    },
    dropVersions: { upTo: loaded.version - store.maxVersionsPerSession },
  });
}

/**
 * Persists the session's state after a change that adds no version: registration, a
 * configuration value, or a clear (`cleared: true` drops every persisted version). Conditional
 * like recordLoadedVersion.
 */
export async function recordSessionState(scope: SessionScope, options: { cleared?: boolean } = {}) {
  await saveState(sessionGraphs(), scope, options.cleared ? { dropVersions: "all" } : {});
}

/** Forgets the session's graphs here and in PostgreSQL; whether there were any. */
export async function forgetSessionGraphs(scope: SessionScope) {
  const inMemory = sessionGraphs().delete(scope);
  const persisted = await deleteSessionGraphState(scope);
  return { deleted: inMemory.deleted || persisted.deleted };
}

/**
 * Runs a change of the session's graphs that depends on nothing but the state it is applied to
 * (loading a revision, registering, one configuration value, a clear) again when its save lost
 * to another instance's: each attempt starts from sessionGraphsOf, which reloads the state that
 * won. After `attempts` lost saves the conflict is answered.
 */
export async function retryOnSessionGraphConflict<T>(
  change: () => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof SessionGraphConflictError) || attempt >= attempts) throw error;
    }
  }
}

/**
 * Saves the session's copy, stating the persisted generation it was derived from; the save
 * lands only if that generation is still current. A lost save writes nothing and leaves the copy
 * marked unsaved, so the next sessionGraphsOf replaces it with the state that won (a retry, or
 * the session's next call); a failed one (PostgreSQL unreachable) likewise.
 */
async function saveState(
  store: SessionGraphStore,
  scope: SessionScope,
  change: Pick<Parameters<typeof saveSessionGraphState>[0], "newVersion" | "dropVersions">,
) {
  const state = store.stateOf(scope);
  if (!state) return;
  store.markUnsaved(scope);
  const outcome = await saveSessionGraphState({
    ...scope,
    expectedGeneration: state.derivedFrom,
    currentVersion: state.currentVersion,
    nextVersion: state.nextVersion,
    config: state.config as Parameters<typeof saveSessionGraphState>[0]["config"],
    ...change,
  });
  if (!outcome.saved) {
    throw new SessionGraphConflictError({
      derivedFrom: state.derivedFrom,
      generation: outcome.generation,
    });
  }
  store.markPersisted(scope, outcome.generation);
}
