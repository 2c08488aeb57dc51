import { describe, expect, it } from "vitest";
import { GraphBuilder } from "../graph/graph-builder";
import { decodeGraph, encodeGraph } from "./graph-codec";

function sampleGraph() {
  const builder = new GraphBuilder({ directed: true });
  builder.addNode("customers:1", {
    type: "customers",
    label: "Ada",
    properties: { city: "Oslo", vip: true },
  });
  builder.addNode("orders:7", { type: "orders", properties: { total: 12.5, note: null } });
  builder.addEdge("orders:7", "customers:1", { type: "orders.customer_id" });
  builder.addEdge("orders:7", "products:3", {
    type: "order_items",
    weight: 2,
    properties: { quantity: 2 },
  });
  return builder.build();
}

describe("graph codec", () => {
  it("round-trips every column, weights, types and properties", () => {
    const graph = sampleGraph();
    const { bytes, sha256 } = encodeGraph(graph);
    const decoded = decodeGraph({ bytes, sha256 });
    expect(decoded).toEqual(graph);
    expect(Array.from(decoded.edgeWeights ?? [])).toEqual([1, 2]);
    expect(decoded.nodeTypeNames[decoded.nodeTypeIndex[2]]).toBe("default");
  });

  it("keeps the weight column's name and a weight column of all 1s", () => {
    const builder = new GraphBuilder({ directed: false });
    builder.setWeightColumn({ column: "weight" });
    builder.addEdge("a", "b", { weight: 1 });
    const graph = builder.build();
    const decoded = decodeGraph(encodeGraph(graph));
    expect(decoded).toEqual(graph);
    expect(decoded.edgeWeightColumn).toBe("weight");
    expect(Array.from(decoded.edgeWeights ?? [])).toEqual([1]);
  });

  it("is deterministic: the same graph gives the same bytes (TC-6)", () => {
    expect(encodeGraph(sampleGraph()).sha256).toBe(encodeGraph(sampleGraph()).sha256);
  });

  it("keeps an unweighted graph unweighted and all-null edge properties cheap", () => {
    const builder = new GraphBuilder({ directed: false });
    for (let index = 0; index < 1000; index++) builder.addEdge(`n${index}`, `n${index + 1}`);
    const graph = builder.build();
    const { bytes } = encodeGraph(graph);
    const decoded = decodeGraph({ bytes });
    expect(decoded.edgeWeights).toBeNull();
    expect(decoded.edgeProperties).toHaveLength(1000);
    expect(Array.from(decoded.edgeTargets.slice(0, 3))).toEqual([1, 2, 3]);
    // Columnar + gzip: well under the ~30 bytes per edge a row-per-edge table would need.
    expect(bytes.byteLength).toBeLessThan(1000 * 12);
  });

  it("refuses a payload whose checksum does not match", () => {
    const { bytes } = encodeGraph(sampleGraph());
    expect(() => decodeGraph({ bytes, sha256: "0".repeat(64) })).toThrow(/checksum/);
  });
});
