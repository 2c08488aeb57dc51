import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { graphFromEdges } from "../algorithms/test-graphs";
import { constructGraph } from "../construction/construct-graph";
import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { describeProperties } from "../graph/property-catalogue";
import { graphWithEdgeTypes, resolveEdgeTypeIndices } from "./edge-type-filter";
import { buildNodeMask, keptNodes } from "./node-filter";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures");

// The SQL dump runs in a sandboxed PGlite (seconds to start): build it once for the file.
let shop: GraphData;
beforeAll(async () => {
  shop = (
    await constructGraph({ kind: "sql", text: readFileSync(path.join(fixtures, "shop.sql")) })
  ).graph;
}, 120_000);

async function shopGraph() {
  return shop;
}

async function karateGraph() {
  const { graph } = await constructGraph({
    kind: "csv",
    text: readFileSync(path.join(fixtures, "karate_edges.csv")),
    nodesText: readFileSync(path.join(fixtures, "karate_nodes.csv")),
  });
  return graph;
}

function keptIds(graph: { nodeIds: string[] }, mask: Uint8Array | null): string[] {
  if (!mask) return graph.nodeIds;
  return graph.nodeIds.filter((_, index) => mask[index] === 1);
}

function errorOf(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("buildNodeMask", () => {
  it("keeps every node when there is no filter (null mask)", async () => {
    const graph = await karateGraph();
    expect(buildNodeMask({ graph, filter: {} })).toBeNull();
  });

  it("keeps the karate officers by a case-insensitive eq on club", async () => {
    const graph = await karateGraph();
    const mask = buildNodeMask({
      graph,
      filter: { where: [{ property: "club", op: "eq", value: "officer" }] },
    });
    // karate_nodes.csv: 17 members followed Mr. Hi, 17 the Officer.
    expect(mask && keptNodes({ mask }).length).toBe(17);
    expect(keptIds(graph, mask)).toContain("n33");
    expect(keptIds(graph, mask)).not.toContain("n0");
  });

  it("filters SQL rows by type and compares numbers as numbers", async () => {
    const graph = await shopGraph();
    const expensive = buildNodeMask({
      graph,
      filter: { nodeTypes: "products", where: [{ property: "price", op: "gte", value: "40" }] },
    });
    const expected = graph.nodeIds.filter((_, index) => {
      const properties = graph.nodeProperties[index];
      return (
        graph.nodeTypeNames[graph.nodeTypeIndex[index]] === "products" &&
        typeof properties?.price === "number" &&
        properties.price >= 40
      );
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(keptIds(graph, expensive)).toEqual(expected);
  });

  it("reads `id` as the node's own id when no property has that name", async () => {
    const graph = await karateGraph();
    const mask = buildNodeMask({
      graph,
      filter: {
        where: [
          { property: "id", op: "in", value: ["n0", "n33", "n5"] },
          { property: "club", op: "eq", value: "Mr. Hi" },
        ],
      },
    });
    expect(keptIds(graph, mask)).toEqual(["n0", "n5"]);
    // A real `id` column of the data wins: SQL rows keep theirs.
    const rows = await shopGraph();
    expect(() =>
      buildNodeMask({ graph: rows, filter: { where: [{ property: "id", op: "eq", value: 3 }] } }),
    ).not.toThrow();
  });

  it("applies in, ne and contains, all conditions together", async () => {
    const graph = await shopGraph();
    const mask = buildNodeMask({
      graph,
      filter: {
        nodeTypes: ["customers"],
        where: [
          { property: "segment", op: "in", value: ["retail", "wholesale"] },
          { property: "city", op: "ne", value: "Turin" },
          { property: "name", op: "contains", value: "customer 1" },
        ],
      },
    });
    const expected = graph.nodeIds.filter((_, index) => {
      const p = graph.nodeProperties[index];
      return (
        graph.nodeTypeNames[graph.nodeTypeIndex[index]] === "customers" &&
        (p?.segment === "retail" || p?.segment === "wholesale") &&
        p?.city !== "Turin" &&
        String(p?.name).toLowerCase().includes("customer 1")
      );
    });
    expect(keptIds(graph, mask)).toEqual(expected);
  });

  it("names the known types and properties when asked for unknown ones", async () => {
    const graph = await shopGraph();
    const typeError = errorOf(() => buildNodeMask({ graph, filter: { nodeTypes: "book" } }));
    expect(typeError.code).toBe("INVALID_REQUEST");
    expect(typeError.details?.knownTypes).toEqual(["customers", "orders", "products"]);
    const propertyError = errorOf(() =>
      buildNodeMask({ graph, filter: { where: [{ property: "colour", op: "eq", value: "x" }] } }),
    );
    expect(propertyError.code).toBe("INVALID_REQUEST");
    expect(propertyError.message).toContain("colour");
    expect(propertyError.message).toContain("segment");
  });

  it("refuses a list with an operator other than in", () => {
    const graph = graphFromEdges({ edges: [["a", "b"]] });
    graph.nodeProperties[0] = { size: 3 };
    const error = errorOf(() =>
      buildNodeMask({ graph, filter: { where: [{ property: "size", op: "gt", value: [1, 2] }] } }),
    );
    expect(error.code).toBe("INVALID_REQUEST");
  });
});

describe("edge-type views", () => {
  it("keeps all nodes and only the chosen edge types", async () => {
    const graph = await shopGraph();
    const indices = resolveEdgeTypeIndices({ graph, edgeTypes: ["ORDERS.CUSTOMER_ID"] });
    const view = graphWithEdgeTypes({ graph, typeIndices: indices });
    expect(view.nodeIds).toBe(graph.nodeIds);
    expect(view.edgeSources.length).toBe(600);
    for (let e = 0; e < view.edgeSources.length; e++) {
      expect(view.nodeTypeNames[view.nodeTypeIndex[view.edgeSources[e]]]).toBe("orders");
      expect(view.nodeTypeNames[view.nodeTypeIndex[view.edgeTargets[e]]]).toBe("customers");
    }
  });

  it("lists the known edge types for an unknown one", async () => {
    const graph = await shopGraph();
    const error = errorOf(() => resolveEdgeTypeIndices({ graph, edgeTypes: ["loans"] }));
    expect(error.code).toBe("INVALID_REQUEST");
    expect(error.details?.knownTypes).toEqual(["orders.customer_id", "order_items"].sort());
  });
});

describe("describeProperties", () => {
  it("reports each SQL table's columns with their kinds and the foreign key's direction", async () => {
    const graph = await shopGraph();
    const catalogue = describeProperties({ graph });
    const customers = catalogue.node_types.find((type) => type.name === "customers");
    expect(customers?.count).toBe(120);
    const segment = customers?.properties.find((property) => property.name === "segment");
    expect(segment?.kind).toBe("text");
    expect(segment?.values).toEqual(expect.arrayContaining(["retail"]));
    const price = catalogue.node_types
      .find((type) => type.name === "products")
      ?.properties.find((property) => property.name === "price");
    expect(price?.kind).toBe("number");
    const foreignKey = catalogue.edge_types.find((type) => type.name === "orders.customer_id");
    expect(foreignKey).toMatchObject({ source_types: ["orders"], target_types: ["customers"] });
    const items = catalogue.edge_types.find((type) => type.name === "order_items");
    expect(items?.properties.map((property) => property.name)).toContain("quantity");
  });
});
