import { describe, expect, it, vi } from "vitest";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { createRandom } from "../algorithms/seeded-random";
import { EngineError } from "../engine-error";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { KernelPool } from "../kernels/kernel-pool";
import { poolMinimumLayoutNodes } from "../kernels/run-kernel";
import { categoricalPalette, otherGroupColor } from "./color-palette";
import { layoutSubgraph } from "./layout-subgraph";
import { maxNodeSize, minNodeSize } from "./node-sizes";

/** Two 6-cliques (a0…a5, b0…b5) joined by one edge a0–b0. */
function twoCliques(): GraphData {
  const builder = new GraphBuilder({ directed: false });
  for (const side of ["a", "b"]) {
    for (let i = 0; i < 6; i++) {
      for (let j = i + 1; j < 6; j++) {
        builder.addEdge(`${side}${i}`, `${side}${j}`, { type: side === "a" ? "left" : "right" });
      }
    }
  }
  builder.addEdge("a0", "b0", { type: "bridge" });
  return builder.build();
}

const base = {
  title: "Two cliques",
  datasetId: "ds-1",
  revision: 3,
  graphNodeCount: 12,
  graphEdgeCount: 31,
  truncated: false,
} as const;

function centroid(document: GraphLayoutDocument, prefix: string): { x: number; y: number } {
  const members = document.nodes.filter((node) => node.id.startsWith(prefix));
  const x = members.reduce((sum, node) => sum + node.x, 0) / members.length;
  const y = members.reduce((sum, node) => sum + node.y, 0) / members.length;
  return { x, y };
}

function spread(document: GraphLayoutDocument, prefix: string): number {
  const centre = centroid(document, prefix);
  const members = document.nodes.filter((node) => node.id.startsWith(prefix));
  return Math.max(...members.map((node) => Math.hypot(node.x - centre.x, node.y - centre.y)));
}

describe("layoutSubgraph", () => {
  it("gives two communities two colours and clearly separated centroids", async () => {
    const document = await layoutSubgraph({
      ...base,
      graph: twoCliques(),
      colorBy: "community",
      sizeBy: "degree",
      seed: 7,
    });
    const colorsOf = (prefix: string) =>
      new Set(
        document.nodes.filter((node) => node.id.startsWith(prefix)).map((node) => node.color),
      );
    expect(colorsOf("a").size).toBe(1);
    expect(colorsOf("b").size).toBe(1);
    expect([...colorsOf("a")][0]).not.toBe([...colorsOf("b")][0]);
    const a = centroid(document, "a");
    const b = centroid(document, "b");
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    // Each cluster fits in a disc smaller than the distance between the clusters.
    expect(distance).toBeGreaterThan(spread(document, "a") + spread(document, "b"));
    expect(document.legend).toEqual([
      { community: 0, color: categoricalPalette[0], nodeCount: 6 },
      { community: 1, color: categoricalPalette[1], nodeCount: 6 },
    ]);
  });

  it("is deterministic for a seed", async () => {
    const input = { ...base, colorBy: "community" as const, sizeBy: "pagerank" as const, seed: 11 };
    const first = await layoutSubgraph({ ...input, graph: twoCliques() });
    const second = await layoutSubgraph({ ...input, graph: twoCliques() });
    expect(second).toEqual(first);
    const other = await layoutSubgraph({ ...input, seed: 12, graph: twoCliques() });
    expect(other.nodes.map((node) => [node.x, node.y])).not.toEqual(
      first.nodes.map((node) => [node.x, node.y]),
    );
  });

  it("fills the document: metadata, sizes in range from the centrality, edges", async () => {
    const document = await layoutSubgraph({
      ...base,
      graph: twoCliques(),
      colorBy: "community",
      sizeBy: "degree",
      seed: 1,
    });
    expect(document).toMatchObject({
      kind: "graph_layout",
      title: "Two cliques",
      datasetId: "ds-1",
      revision: 3,
      graphNodeCount: 12,
      graphEdgeCount: 31,
      truncated: false,
      colorBy: "community",
      sizeBy: "degree",
    });
    expect(document.nodes).toHaveLength(12);
    expect(document.edges).toHaveLength(31);
    const a0 = document.nodes.find((node) => node.id === "a0");
    const a1 = document.nodes.find((node) => node.id === "a1");
    expect(a0).toMatchObject({ score: 6, size: maxNodeSize, type: "default", label: "a0" });
    expect(a1).toMatchObject({ score: 5, size: minNodeSize });
    expect(document.edges).toContainEqual({
      source: "a0",
      target: "b0",
      type: "bridge",
      weight: 1,
    });
    for (const node of document.nodes) {
      expect(Math.abs(node.x)).toBeLessThanOrEqual(100);
      expect(Math.abs(node.y)).toBeLessThanOrEqual(100);
    }
  });

  it("folds parallel edges into one drawn edge with the summed weight", async () => {
    const builder = new GraphBuilder({ directed: false });
    builder.addEdge("x", "y", { weight: 2 });
    builder.addEdge("y", "x", { weight: 3 });
    const document = await layoutSubgraph({
      ...base,
      graph: builder.build(),
      colorBy: "none",
      sizeBy: "none",
    });
    expect(document.edges).toEqual([{ source: "x", target: "y", type: "default", weight: 5 }]);
    expect(document.legend).toEqual([]);
    expect(new Set(document.nodes.map((node) => node.size))).toEqual(new Set([6]));
  });

  it("colours by type, largest type first, pooling types beyond the palette", async () => {
    const builder = new GraphBuilder({ directed: false });
    for (let t = 0; t < 14; t++) builder.addNode(`n${t}`, { type: `type-${t}` });
    builder.addNode("extra", { type: "type-5" });
    const document = await layoutSubgraph({
      ...base,
      graph: builder.build(),
      colorBy: "type",
      sizeBy: "none",
    });
    expect(document.legend[0]).toEqual({
      community: 0,
      color: categoricalPalette[0],
      nodeCount: 2,
      label: "type-5",
    });
    expect(document.nodes.find((node) => node.id === "extra")?.color).toBe(categoricalPalette[0]);
    expect(document.nodes.find((node) => node.id === "extra")?.group).toBe(0);
    expect(document.legend.at(-1)).toEqual({ community: -1, color: otherGroupColor, nodeCount: 2 });
    expect(document.legend).toHaveLength(13);
  });

  it("colours by a node property's values, naming them in the legend", async () => {
    const builder = new GraphBuilder({ directed: false });
    builder.addNode("a", { properties: { club: "Officer" } });
    builder.addNode("b", { properties: { club: "Mr. Hi" } });
    builder.addNode("c", { properties: { club: "Mr. Hi" } });
    builder.addNode("d");
    builder.addEdge("a", "b");
    builder.addEdge("b", "c");
    const document = await layoutSubgraph({
      ...base,
      graph: builder.build(),
      colorBy: "property:club",
      sizeBy: "none",
    });
    expect(document.colorBy).toBe("property:club");
    expect(document.legend).toEqual([
      { community: 0, color: categoricalPalette[0], nodeCount: 2, label: "Mr. Hi" },
      { community: 1, color: categoricalPalette[1], nodeCount: 1, label: "Officer" },
      { community: 2, color: categoricalPalette[2], nodeCount: 1, label: "(no value)" },
    ]);
    const a = document.nodes.find((node) => node.id === "a");
    expect(a?.properties).toEqual({ club: "Officer" });
    expect(a?.group).toBe(1);
    expect(a?.color).toBe(categoricalPalette[1]);
    expect(document.nodes.find((node) => node.id === "d")?.properties).toBeUndefined();
  });

  it("uses at least twelve distinct colours", () => {
    expect(
      new Set(categoricalPalette.map((color) => color.toLowerCase())).size,
    ).toBeGreaterThanOrEqual(12);
  });

  it("handles an empty graph and stops when cancelled", async () => {
    const empty = new GraphBuilder({ directed: true }).build();
    const document = await layoutSubgraph({
      ...base,
      graph: empty,
      colorBy: "community",
      sizeBy: "pagerank",
    });
    expect(document.nodes).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    try {
      await layoutSubgraph({
        ...base,
        graph: twoCliques(),
        colorBy: "community",
        sizeBy: "pagerank",
        signal: controller.signal,
      });
      expect.unreachable();
    } catch (error) {
      expect(EngineError.isInstance(error) && error.code).toBe("JOB_CANCELLED");
    }
  });

  it("lays out in the kernel pool, when given one, exactly the document it lays out inline", async () => {
    const random = createRandom({ seed: 5 });
    const builder = new GraphBuilder({ directed: false });
    const nodes = 2 * poolMinimumLayoutNodes;
    for (let e = 0; e < 3 * nodes; e++) {
      builder.addEdge(`n${Math.floor(random() * nodes)}`, `n${Math.floor(random() * nodes)}`, {
        type: e % 3 === 0 ? "rare" : "common",
        weight: 1 + (e % 4),
      });
    }
    const input = {
      ...base,
      graph: builder.build(),
      colorBy: "community" as const,
      sizeBy: "betweenness" as const,
      seed: 3,
    };
    const pool = new KernelPool({ size: 1 });
    const pooledRuns = vi.spyOn(pool, "run");
    try {
      const pooled = await layoutSubgraph({ ...input, pool });
      expect(pooledRuns).toHaveBeenCalledTimes(1);
      const inline = await layoutSubgraph(input);
      expect(pooled).toStrictEqual(inline);
      expect(new Set(inline.nodes.map((node) => node.x)).size).toBeGreaterThan(nodes / 2);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
