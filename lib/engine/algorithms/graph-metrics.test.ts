import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CsrGraph } from "../csr/csr-graph";
import { bipartiteCheck } from "./bipartite";
import { degreeAssortativity } from "./degree-assortativity";
import { graphDensity } from "./density";
import { findCycle, isDirectedAcyclic } from "./find-cycle";
import { csrFromEdges } from "./test-graphs";

// fixtures/networkx-graph-metrics.py wrote these NetworkX values beside the edges they are for.
type Case = {
  directed: boolean;
  edges: [string, string][];
  density: number;
  degree_assortativity: number | null;
  has_cycle: boolean;
  is_dag: boolean;
  is_bipartite: boolean;
};
const reference = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "fixtures", "networkx-graph-metrics.json"), "utf8"),
) as Record<string, Case | string>;
const cases = Object.entries(reference).filter(
  (entry): entry is [string, Case] => typeof entry[1] === "object",
);

/** True when consecutive nodes of the cycle (and last → first) are linked in the graph. */
function isCycleOf(csr: CsrGraph, cycle: number[]): boolean {
  const { offsets, neighbours } = csr.outgoing;
  const linked = (u: number, v: number) => {
    for (let i = offsets[u]; i < offsets[u + 1]; i++) if (neighbours[i] === v) return true;
    return false;
  };
  if (new Set(cycle).size !== cycle.length) return false;
  if (cycle.length === 1) return linked(cycle[0], cycle[0]);
  if (!csr.directed && cycle.length < 3) return false;
  return cycle.every((u, index) => linked(u, cycle[(index + 1) % cycle.length]));
}

describe.each(cases)("whole-graph metrics on %s equal NetworkX", (_name, expected) => {
  const { csr } = csrFromEdges({ edges: expected.edges, directed: expected.directed });

  it("density, assortativity, DAG and bipartiteness", () => {
    expect(graphDensity({ csr })).toBeCloseTo(expected.density, 12);
    if (expected.degree_assortativity === null) {
      expect(degreeAssortativity({ csr })).toBeNaN();
    } else {
      expect(degreeAssortativity({ csr })).toBeCloseTo(expected.degree_assortativity, 9);
    }
    expect(isDirectedAcyclic({ csr })).toBe(expected.is_dag);
    expect(bipartiteCheck({ csr }).bipartite).toBe(expected.is_bipartite);
  });

  it("finds a real cycle exactly when there is one", () => {
    const cycle = findCycle({ csr });
    expect(cycle !== null).toBe(expected.has_cycle);
    if (cycle) expect(isCycleOf(csr, cycle)).toBe(true);
  });
});

describe("cycles on long graphs", () => {
  it("walks a 300,000-node chain without overflowing the stack, and finds the closing edge", () => {
    const edges: [string, string][] = [];
    for (let i = 0; i < 300_000; i++) edges.push([`v${i}`, `v${i + 1}`]);
    const chain = csrFromEdges({ edges, directed: true });
    expect(findCycle({ csr: chain.csr })).toBeNull();
    edges.push(["v300000", "v0"]);
    const ring = csrFromEdges({ edges, directed: true });
    expect(findCycle({ csr: ring.csr })).toHaveLength(300_001);
  });

  it("gives each side of a bipartite graph", () => {
    const { graph, csr } = csrFromEdges({
      edges: [
        ["a", "x"],
        ["b", "x"],
        ["b", "y"],
      ],
    });
    const { side } = bipartiteCheck({ csr });
    const sideOf = (id: string) => side?.[graph.nodeIds.indexOf(id)];
    expect(sideOf("a")).toBe(sideOf("b"));
    expect(sideOf("x")).toBe(sideOf("y"));
    expect(sideOf("a")).not.toBe(sideOf("x"));
  });
});
