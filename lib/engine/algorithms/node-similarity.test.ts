import { describe, expect, it } from "vitest";
import type { GraphData } from "../graph/graph-data";
import { similarToNode } from "./node-similarity";
import { createRandom } from "./seeded-random";
import { type SimilarityMetric, similarityMetrics } from "./similarity-metric";
import { csrFromEdges } from "./test-graphs";
import {
  loadReference,
  loadReferenceGraphs,
  maskOf,
  type RankedReference,
  rankedItem,
} from "./testing/similarity-centrality-fixtures";
import { topSimilarPairs } from "./top-similar-pairs";

const reference = loadReference();
const graphs = await loadReferenceGraphs(reference);
const summing = new Set(["adamic_adar", "resource_allocation"]);

type Ranked = { ids: string[]; score: number; common: number }[];

/**
 * Our list against NetworkX's brute force: same scores (1e-9) and counts; same ids in the same
 * order — except for Adamic–Adar and resource allocation, whose float sums of equal terms may
 * round apart in another order: there, ids tied (±1e-9) may swap, and the last tie group only
 * has to come from the reference's tied candidates.
 */
function expectSameRanking(ours: Ranked, expected: RankedReference) {
  const context = `${expected.metric} ${expected.node ?? "pairs"} exclude=${expected.exclude_adjacent} masked=${expected.masked}`;
  const reference = expected.items.map(rankedItem);
  expect(ours.length, context).toBe(reference.length);
  ours.forEach((item, i) => {
    expect(Math.abs(item.score - reference[i].score), context).toBeLessThan(1e-9);
  });
  if (!summing.has(expected.metric)) {
    expect(ours, context).toEqual(reference);
    return;
  }
  const key = (ids: string[]) => ids.join("|");
  const last = reference[reference.length - 1];
  for (let i = 0; i < ours.length; i++) {
    const tied = reference.filter((e) => Math.abs(e.score - ours[i].score) <= 1e-9);
    const candidates = new Set(tied.map((e) => key(e.ids)));
    if (Math.abs(ours[i].score - last.score) <= 1e-9) {
      for (const id of expected.boundary) candidates.add(id);
    }
    expect(candidates.has(key(ours[i].ids)), `${context} at ${i}`).toBe(true);
    const match = tied.find((e) => key(e.ids) === key(ours[i].ids));
    if (match) expect(ours[i].common, context).toBe(match.common);
  }
}

function nodeIndex(graph: GraphData, id: string): number {
  const index = graph.nodeIds.indexOf(id);
  if (index < 0) throw new Error(`no node ${id}`);
  return index;
}

describe("node similarity against NetworkX 2.8 (brute force over all pairs)", () => {
  for (const name of ["karate", "directed", "with_isolated"]) {
    const { graph, csr } = graphs[name];
    const expected = reference.similarity[name];
    const allowed = maskOf(graph, expected.allowed);

    it(`${name}: the full score of chosen pairs, every metric`, () => {
      for (const pair of expected.pairs) {
        const u = nodeIndex(graph, pair.u);
        for (const metric of similarityMetrics) {
          const { items } = similarToNode({ csr, node: u, metric, topK: csr.nodeCount });
          const found = items.find((item) => graph.nodeIds[item.node] === pair.v);
          const score = found?.score ?? 0;
          expect(
            Math.abs(score - (pair[metric] as number)),
            `${pair.u}-${pair.v} ${metric}`,
          ).toBeLessThan(1e-9);
          expect(found?.common ?? 0).toBe(pair.common);
        }
      }
    });

    it(`${name}: similarToNode top-k lists, with and without excludeAdjacent and a mask`, () => {
      for (const query of expected.similar_to_node) {
        const result = similarToNode({
          csr,
          node: nodeIndex(graph, query.node as string),
          metric: query.metric as SimilarityMetric,
          topK: query.k,
          excludeAdjacent: query.exclude_adjacent,
          allowed: query.masked ? allowed : undefined,
        });
        const ours = result.items.map(({ node, score, common }) => ({
          ids: [graph.nodeIds[node]],
          score,
          common,
        }));
        expectSameRanking(ours, query);
        expect(result.total).toBe(query.total);
        expect(result.truncated).toBe(query.total > query.items.length);
      }
    });

    it(`${name}: topSimilarPairs lists, with and without excludeAdjacent and a mask`, async () => {
      for (const query of expected.top_pairs) {
        const result = await topSimilarPairs({
          csr,
          metric: query.metric as SimilarityMetric,
          topK: query.k,
          excludeAdjacent: query.exclude_adjacent,
          allowed: query.masked ? allowed : undefined,
        });
        const ours = result.items.map(({ source, target, score, common }) => ({
          ids: [graph.nodeIds[source], graph.nodeIds[target]],
          score,
          common,
        }));
        expectSameRanking(ours, query);
        expect(result.exact).toBe(true);
        expect(result.total).toBe(query.total);
      }
    });
  }
});

/**
 * A graph with a few large hubs, so a small wedge budget sends them to the bounded pass, and
 * "fans" linked to hubs only, whose pairs share nothing but hubs: the pass must find those.
 */
function hubGraph(seed: number) {
  const random = createRandom({ seed });
  const edges: [string, string][] = [];
  for (let v = 0; v < 600; v++) {
    for (let hub = 0; hub < 4; hub++) if (random() < 0.5) edges.push([`h${hub}`, `v${v}`]);
    for (let k = 0; k < 2; k++) edges.push([`v${v}`, `v${Math.floor(random() * 600)}`]);
  }
  for (let fan = 0; fan < 40; fan++) {
    for (let hub = 0; hub < 4; hub++) if (random() < 0.4) edges.push([`h${hub}`, `fan${fan}`]);
  }
  return csrFromEdges({ edges });
}

describe("top pairs past the wedge budget (prefix filter)", () => {
  const { csr } = hubGraph(3);
  const allowed = new Uint8Array(csr.nodeCount).map((_, v) => (v % 5 === 2 ? 0 : 1));

  it("the prefix filter (over the wedge budget) returns what the exhaustive scan does", async () => {
    for (const metric of similarityMetrics) {
      for (const [excludeAdjacent, mask] of [
        [false, undefined],
        [true, undefined],
        [false, allowed],
      ] as const) {
        const options = { csr, metric, topK: 25, excludeAdjacent, allowed: mask };
        const context = `${metric} exclude=${excludeAdjacent} masked=${mask !== undefined}`;
        const exhaustive = await topSimilarPairs(options);
        // Below the graph's wedges (190k, 120k masked), above what the prefix filter needs.
        const wedgeBudget = mask ? 100_000 : 150_000;
        const bounded = await topSimilarPairs({ ...options, wedgeBudget });
        expect(bounded.exact, context).toBe(true);
        if (summing.has(metric)) {
          // Verification adds the centre weights in another order: equal to the last bits.
          const pairs = (items: typeof bounded.items) => items.map((i) => [i.source, i.target]);
          expect(pairs(bounded.items), context).toEqual(pairs(exhaustive.items));
          bounded.items.forEach((item, i) => {
            expect(Math.abs(item.score - exhaustive.items[i].score), context).toBeLessThan(1e-12);
          });
        } else {
          expect(bounded.items, context).toEqual(exhaustive.items);
        }
        // The bounds skipped pairs that could not enter (preferential attachment has no wedges).
        if (metric !== "preferential_attachment") {
          expect(bounded.total, context).toBeLessThan(exhaustive.total);
        }
      }
    }
  });

  it("a budget too small for any exact search says the result is not exact, and why", async () => {
    const result = await topSimilarPairs({ csr, metric: "overlap", topK: 10, wedgeBudget: 5000 });
    expect(result.exact).toBe(false);
    expect(result.reason).toMatch(/work budget ran out/);
    expect(result.items.length).toBeGreaterThan(0);
  });

  it("pairs of a star's leaves (all tied at 1) come in index order without n² work", async () => {
    const leaves = 100_000;
    const { csr: star } = csrFromEdges({
      edges: Array.from({ length: leaves }, (_, i) => ["hub", `leaf${i}`]),
    });
    const started = performance.now();
    const result = await topSimilarPairs({ csr: star, metric: "jaccard", topK: 3 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.exact).toBe(true);
    expect(result.items).toEqual([
      { source: 1, target: 2, score: 1, common: 1 },
      { source: 1, target: 3, score: 1, common: 1 },
      { source: 1, target: 4, score: 1, common: 1 },
    ]);
  });
});

describe("node similarity edge cases", () => {
  const { csr } = graphs.karate;

  it("rejects unknown metrics, bad topK, bad masks and nodes out of range", async () => {
    const invalid = expect.objectContaining({ code: "INVALID_REQUEST" });
    const metric = "jaccard";
    expect(() => similarToNode({ csr, node: 99, metric, topK: 3 })).toThrow(invalid);
    expect(() => similarToNode({ csr, node: 0, metric, topK: -1 })).toThrow(invalid);
    expect(() =>
      similarToNode({ csr, node: 0, metric: "dice" as SimilarityMetric, topK: 3 }),
    ).toThrow(invalid);
    const allowed = new Uint8Array(3);
    await expect(topSimilarPairs({ csr, metric, topK: 3, allowed })).rejects.toThrow(invalid);
  });

  it("topK 0 returns nothing but still counts the candidates", async () => {
    const pairs = await topSimilarPairs({ csr, metric: "jaccard", topK: 0 });
    expect(pairs.items).toEqual([]);
    expect(pairs.total).toBeGreaterThan(0);
    expect(pairs.truncated).toBe(true);
  });

  it("an aborted signal stops both entry points with JOB_CANCELLED", async () => {
    const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });
    const control = { signal: AbortSignal.abort() };
    expect(() => similarToNode({ csr, node: 0, metric: "jaccard", topK: 3, control })).toThrow(
      cancelled,
    );
    await expect(topSimilarPairs({ csr, metric: "jaccard", topK: 3, control })).rejects.toThrow(
      cancelled,
    );
  });

  it("a cancelled query leaves nothing behind for the next one on the same graph", () => {
    const before = similarToNode({ csr, node: 0, metric: "adamic_adar", topK: 5 });
    const control = { signal: AbortSignal.abort() };
    expect(() =>
      similarToNode({ csr, node: 0, metric: "adamic_adar", topK: 5, control }),
    ).toThrow();
    expect(similarToNode({ csr, node: 0, metric: "adamic_adar", topK: 5 })).toEqual(before);
  });

  it("an abort from a timer stops a long topSimilarPairs midway", async () => {
    const random = createRandom({ seed: 9 });
    const edges: [string, string][] = [];
    for (let i = 0; i < 200_000; i++) {
      edges.push([
        String(Math.floor(random() * 20_000)),
        String(Math.floor(random() ** 3 * 20_000)),
      ]);
    }
    const { csr: big } = csrFromEdges({ edges });
    const controller = new AbortController();
    let progress = 0;
    const control = {
      signal: controller.signal,
      onProgress: (fraction: number) => {
        progress = fraction;
        if (fraction > 0) controller.abort();
      },
    };
    const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });
    await expect(topSimilarPairs({ csr: big, metric: "cosine", topK: 5, control })).rejects.toThrow(
      cancelled,
    );
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(1);
  });
});
