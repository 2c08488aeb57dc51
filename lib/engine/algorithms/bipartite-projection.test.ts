import { describe, expect, it } from "vitest";
import type { GraphData } from "../graph/graph-data";
import {
  type BipartiteProjection,
  projectBipartite,
  topProjectedPairs,
} from "./bipartite-projection";
import { createRandom } from "./seeded-random";
import { csrFromEdges } from "./test-graphs";
import {
  loadReference,
  loadReferenceGraphs,
  maskOf,
} from "./testing/similarity-centrality-fixtures";

const reference = loadReference();
const { graph, csr } = (await loadReferenceGraphs(reference)).bipartite;
const { authors, books } = reference.graphs.bipartite;

/** Edges as [smaller id, larger id, weight], sorted as the reference is. */
function edgesById(data: GraphData, projection: BipartiteProjection) {
  const rows: [string, string, number][] = [];
  for (let e = 0; e < projection.edgeCount; e++) {
    const a = data.nodeIds[projection.sources[e]];
    const b = data.nodeIds[projection.targets[e]];
    rows.push(a < b ? [a, b, projection.weights[e]] : [b, a, projection.weights[e]]);
  }
  return rows.sort((x, y) => (x[0] + x[1] < y[0] + y[1] ? -1 : 1));
}

function expectSameEdges(ours: [string, string, number][], expected: [string, string, number][]) {
  const sort = (rows: [string, string, number][]) =>
    [...rows].sort((x, y) => x[0].localeCompare(y[0]) || x[1].localeCompare(y[1]));
  const a = sort(ours);
  const b = sort(expected);
  expect(a.map(([u, v]) => [u, v])).toEqual(b.map(([u, v]) => [u, v]));
  a.forEach((row, i) => {
    expect(Math.abs(row[2] - b[i][2])).toBeLessThan(1e-12);
  });
}

describe("bipartite projection against NetworkX 2.8", () => {
  for (const [side, keepIds, viaIds] of [
    ["authors", authors, books],
    ["books", books, authors],
  ] as const) {
    const keep = maskOf(graph, [...keepIds]);
    const via = maskOf(graph, [...viaIds]);
    for (const weight of ["count", "jaccard"] as const) {
      it(`onto ${side}, weighted by ${weight}`, async () => {
        const projection = await projectBipartite({ csr, keep, via, weight });
        expectSameEdges(edgesById(graph, projection), reference.projection[side][weight]);
        for (let e = 0; e < projection.edgeCount; e++) {
          expect(projection.sources[e]).toBeLessThan(projection.targets[e]);
          expect(keep[projection.sources[e]] && keep[projection.targets[e]]).toBe(1);
        }
      });
    }
  }

  it("minWeight drops lighter edges; the top pairs come heaviest first, ties by index", async () => {
    const keep = maskOf(graph, authors);
    const via = maskOf(graph, books);
    const all = await projectBipartite({ csr, keep, via, weight: "count" });
    const heavy = await projectBipartite({ csr, keep, via, weight: "count", minWeight: 2 });
    const expected = reference.projection.authors.count.filter(([, , w]) => w >= 2);
    expectSameEdges(edgesById(graph, heavy), expected);
    const top = topProjectedPairs({ projection: all, topK: 3 });
    expect(top.map((p) => [graph.nodeIds[p.source], graph.nodeIds[p.target], p.score])).toEqual([
      ["alice", "bob", 2],
      ["carol", "erin", 2],
      ["alice", "carol", 1],
    ]);
    expect(top[0].common).toBe(2);
  });

  it("only via-neighbours link: a keep–keep edge or a non-via node does not", async () => {
    const { graph: small, csr: smallCsr } = csrFromEdges({
      edges: [
        ["a", "x"],
        ["b", "x"],
        ["a", "b"],
        ["b", "y"],
        ["c", "y"],
        ["c", "c"],
      ],
    });
    const keep = maskOf(small, ["a", "b", "c"]);
    const projection = await projectBipartite({
      csr: smallCsr,
      keep,
      via: maskOf(small, ["x"]),
      weight: "count",
    });
    expect(edgesById(small, projection)).toEqual([["a", "b", 1]]);
  });

  it("more edges than maxEdges is PAYLOAD_TOO_LARGE; bad masks are INVALID_REQUEST", async () => {
    const keep = maskOf(graph, authors);
    const via = maskOf(graph, books);
    await expect(
      projectBipartite({ csr, keep, via, weight: "count", maxEdges: 2 }),
    ).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    await expect(
      projectBipartite({ csr, keep: new Uint8Array(2), via, weight: "count" }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("an aborted signal stops a projection with JOB_CANCELLED", async () => {
    const random = createRandom({ seed: 2 });
    const edges: [string, string][] = [];
    for (let i = 0; i < 50_000; i++) {
      edges.push([`p${Math.floor(random() * 5000)}`, `q${Math.floor(random() * 500)}`]);
    }
    const big = csrFromEdges({ edges });
    const keep = new Uint8Array(big.csr.nodeCount);
    const via = new Uint8Array(big.csr.nodeCount);
    big.graph.nodeIds.forEach((id, index) => {
      if (id.startsWith("p")) keep[index] = 1;
      else via[index] = 1;
    });
    const control = { signal: AbortSignal.abort() };
    await expect(
      projectBipartite({ csr: big.csr, keep, via, weight: "jaccard", control }),
    ).rejects.toMatchObject({ code: "JOB_CANCELLED" });
  });
});
