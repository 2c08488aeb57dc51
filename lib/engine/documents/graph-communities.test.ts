import { describe, expect, it } from "vitest";
import { canonicalPartition } from "../algorithms/canonical-partition";
import { louvain } from "../algorithms/louvain";
import { loadKarate } from "../algorithms/test-graphs";
import { LoadedGraph } from "../session/loaded-graph";
import { graphCommunities } from "./graph-communities";
import { layoutGraphView } from "./layout-graph-view";

function karateLoaded(): LoadedGraph {
  const { graph } = loadKarate();
  return new LoadedGraph({
    version: 0,
    origin: { kind: "construction", datasetId: "karate", revision: 1 },
    graph,
  });
}

const view = { limit: 1000, title: "Karate", colorBy: "community", sizeBy: "degree" } as const;

describe("canonicalPartition", () => {
  it("numbers communities by size, largest first, ties by smallest member, and drops empty labels", () => {
    // Labels 7 (3 nodes), 2 (2 nodes: 1, 4), 5 (2 nodes: 0, 5) and no node in 0, 1, 3, 4, 6.
    const communityOf = Int32Array.from([5, 2, 7, 7, 2, 5, 7]);
    const canonical = canonicalPartition({ communityOf, count: 8 });
    expect(canonical.count).toBe(3);
    expect(Array.from(canonical.sizes)).toEqual([3, 2, 2]);
    // Label 5 holds node 0, the smallest member of the two pairs, so it comes before label 2.
    expect(Array.from(canonical.communityOf)).toEqual([1, 2, 0, 0, 2, 1, 0]);
  });
});

describe("one community numbering across the table, the picture and the Graph page", () => {
  it("gives a picture of a neighbourhood the whole graph's ids, not its own", async () => {
    const loaded = karateLoaded();
    const whole = canonicalPartition(await louvain({ csr: loaded.csr, seed: 42 }));
    const { document } = await layoutGraphView({ ...view, loaded, seed: "n33", depth: 1 });
    expect(document.nodes.length).toBeLessThan(34);
    for (const node of document.nodes) {
      expect(node.community).toBe(whole.communityOf[loaded.ids.indexOfOrThrow(node.id)]);
    }
    // The legend counts the drawn members of each whole-graph community it shows.
    const drawn = new Map<number, number>();
    for (const node of document.nodes)
      drawn.set(node.community ?? -1, (drawn.get(node.community ?? -1) ?? 0) + 1);
    expect(new Map(document.legend.map((entry) => [entry.community, entry.nodeCount]))).toEqual(
      drawn,
    );
  });

  it("numbers the whole graph's picture as the default community table does", async () => {
    const loaded = karateLoaded();
    const { document } = await layoutGraphView({ ...view, loaded });
    const partition = await graphCommunities({ loaded });
    expect(partition).not.toBeNull();
    const sizes = document.legend.map((entry) => entry.nodeCount);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(document.legend.map((entry) => entry.community)).toEqual(sizes.map((_, id) => id));
    for (const node of document.nodes) {
      expect(node.community).toBe(partition?.communityOf[loaded.ids.indexOfOrThrow(node.id)]);
    }
  });

  it("reuses the communities a run last reported on the version, whatever algorithm found them", async () => {
    const loaded = karateLoaded();
    // Two made-up communities: n0…n16 and the rest.
    loaded.communities = canonicalPartition({
      communityOf: Int32Array.from({ length: 34 }, (_, node) => (node < 17 ? 1 : 0)),
      count: 2,
    });
    const { document } = await layoutGraphView({ ...view, loaded, seed: "n0", depth: 1 });
    for (const node of document.nodes) {
      expect(node.community).toBe(loaded.ids.indexOfOrThrow(node.id) < 17 ? 0 : 1);
    }
  });

  it("numbers a picture's own communities afresh when asked for the view's scope", async () => {
    const loaded = karateLoaded();
    loaded.communities = canonicalPartition({
      communityOf: Int32Array.from({ length: 34 }, (_, node) => node % 5),
      count: 5,
    });
    const { document } = await layoutGraphView({
      ...view,
      loaded,
      seed: "n33",
      depth: 1,
      communityScope: "view",
    });
    expect(document.legend.map((entry) => entry.community)).toEqual(
      document.legend.map((_, rank) => rank),
    );
  });
});
