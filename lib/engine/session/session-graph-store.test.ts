import { describe, expect, it } from "vitest";
import { graphFromEdges } from "../algorithms/test-graphs";
import type { GraphData } from "../graph/graph-data";
import { estimateGraphBytes } from "./graph-memory-estimate";
import { SessionGraphStore } from "./session-graph-store";

/** A path of `edges` edges: its estimated size grows with it. */
function pathGraph(edges: number): GraphData {
  return graphFromEdges({
    edges: Array.from({ length: edges }, (_, index) => [`n${index}`, `n${index + 1}`]),
  });
}

const origin = { kind: "construction" as const, datasetId: "d", revision: 1 };
const scope = (sessionId: string) => ({ ownerId: "owner", sessionId });

describe("SessionGraphStore memory budget", () => {
  it("estimates a graph's bytes from its typed arrays and strings", () => {
    const graph = pathGraph(1000);
    const typedBytes = 1000 * (4 + 4 + 2) + 1001 * 2;
    const bytes = estimateGraphBytes(graph);
    expect(bytes).toBeGreaterThan(typedBytes);
    expect(bytes).toBeLessThan(typedBytes + 1001 * 120);
  });

  it("drops the least recently used sessions once the budget is exceeded", () => {
    const graph = pathGraph(2000);
    const size = estimateGraphBytes(graph);
    // Room for two sessions, not three.
    const store = new SessionGraphStore({ memoryBudgetBytes: size * 2.5 });
    store.load(scope("a"), { graph, origin });
    store.load(scope("b"), { graph: pathGraph(2000), origin });
    // a is used again: b is now the least recently used.
    expect(store.current(scope("a"))).toBeDefined();
    store.load(scope("c"), { graph: pathGraph(2000), origin });
    expect(store.current(scope("b"))).toBeUndefined();
    expect(store.current(scope("a"))).toBeDefined();
    expect(store.current(scope("c"))).toBeDefined();
    expect(store.memoryUsage().map((entry) => entry.sessionId)).toEqual(["a", "c"]);
    const total = store.memoryUsage().reduce((sum, entry) => sum + entry.bytes, 0);
    expect(total).toBeLessThanOrEqual(size * 2.5);
  });

  it("keeps the session in use even when it alone exceeds the budget", () => {
    const store = new SessionGraphStore({ memoryBudgetBytes: 1024 });
    store.load(scope("small"), { graph: pathGraph(2), origin });
    store.load(scope("big"), { graph: pathGraph(5000), origin });
    // small made room; big stays although it alone is over the budget: it is being served.
    expect(store.current(scope("small"))).toBeUndefined();
    expect(store.current(scope("big"))?.graph.nodeIds).toHaveLength(5001);
    expect(store.memoryUsage().map((entry) => entry.sessionId)).toEqual(["big"]);
  });

  it("counts a CSR snapshot once it is built, and evicts for it", () => {
    const graph = pathGraph(3000);
    const size = estimateGraphBytes(graph);
    const store = new SessionGraphStore({ memoryBudgetBytes: size * 2.1 });
    store.load(scope("a"), { graph, origin });
    store.load(scope("b"), { graph: pathGraph(3000), origin });
    const before = store.memoryUsage()[1].bytes;
    // b's CSR (both directions of 3000 undirected edges) pushes the pair over the budget.
    expect(store.current(scope("b"))?.csr.nodeCount).toBe(3001);
    store.current(scope("b"));
    expect(store.memoryUsage().map((entry) => entry.sessionId)).toEqual(["b"]);
    expect(store.memoryUsage()[0].bytes).toBeGreaterThan(before);
  });

  it("drops sessions beyond the session count as before", () => {
    const store = new SessionGraphStore({ maxSessions: 2 });
    for (const id of ["a", "b", "c"]) store.load(scope(id), { graph: pathGraph(3), origin });
    expect(store.current(scope("a"))).toBeUndefined();
    expect(store.current(scope("c"))).toBeDefined();
  });
});

describe("SessionGraphStore restore", () => {
  it("rebuilds a session from its persisted state, marked restored, with its loadedAt", () => {
    const store = new SessionGraphStore();
    const loadedAt = new Date("2026-12-01T10:00:00.000Z");
    store.restore(scope("s"), {
      versions: [{ version: 3, origin, graph: pathGraph(4), loadedAt }],
      currentVersion: 3,
      nextVersion: 4,
      config: { seed: 1 },
      generation: 7,
      synced: true,
    });
    const current = store.currentOrThrow(scope("s"));
    expect(current.version).toBe(3);
    expect(current.restored).toBe(true);
    expect(current.loadedAt).toEqual(loadedAt);
    expect(store.generationOf(scope("s"))).toBe(7);
    expect(store.config(scope("s"))).toEqual({ seed: 1 });
    // The numbering goes on where the persisted state left it.
    const next = store.load(scope("s"), { graph: pathGraph(2), origin });
    expect(next.version).toBe(4);
    expect(next.restored).toBe(false);
    expect(store.stateOf(scope("s"))).toEqual({
      currentVersion: 4,
      nextVersion: 5,
      config: { seed: 1 },
      derivedFrom: 7,
    });
    expect(store.generationOf(scope("unknown"))).toBeUndefined();
  });

  it("is served as its generation only while it holds no unsaved change", () => {
    const store = new SessionGraphStore();
    store.restore(scope("s"), {
      versions: [{ version: 1, origin, graph: pathGraph(3), loadedAt: new Date() }],
      currentVersion: 1,
      nextVersion: 2,
      config: {},
      generation: 7,
      synced: true,
    });
    store.load(scope("s"), { graph: pathGraph(2), origin });
    store.markUnsaved(scope("s"));
    // A save lost (or failed): the copy is no generation, but a retry still knows its base.
    expect(store.generationOf(scope("s"))).toBeNull();
    expect(store.stateOf(scope("s"))?.derivedFrom).toBe(7);
    store.markPersisted(scope("s"), 9);
    expect(store.generationOf(scope("s"))).toBe(9);
    expect(store.stateOf(scope("s"))?.derivedFrom).toBe(9);
  });

  it("restored without its current graph, is no generation until a save", () => {
    const store = new SessionGraphStore();
    store.restore(scope("s"), {
      versions: [],
      currentVersion: null,
      nextVersion: 4,
      config: {},
      generation: 7,
      synced: false,
    });
    expect(store.generationOf(scope("s"))).toBeNull();
    expect(store.stateOf(scope("s"))?.derivedFrom).toBe(7);
  });
});
