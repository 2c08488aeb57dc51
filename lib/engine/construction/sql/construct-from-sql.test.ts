import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EngineError } from "../../engine-error";
import type { GraphData } from "../../graph/graph-data";
import { constructFromSql, type SqlSchemaSummary } from "./construct-from-sql";
import { sqlSandboxStatus } from "./sql-sandbox";

const fixtures = path.resolve(import.meta.dirname, "../../../../tests/fixtures");
const shopSql = readFileSync(path.join(fixtures, "shop.sql"), "utf8");
const shopExpected = JSON.parse(readFileSync(path.join(fixtures, "shop_expected.json"), "utf8"));

async function errorOf(run: () => Promise<unknown>): Promise<EngineError> {
  try {
    await run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

function countBy(names: string[], indexes: Uint16Array): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const index of indexes) counts[names[index]] = (counts[names[index]] ?? 0) + 1;
  return counts;
}

// PGlite takes seconds to start; the shop graph is built once (twice for reproducibility).
describe("constructFromSql on shop.sql", { timeout: 120_000 }, () => {
  let first: { graph: GraphData; schemaSummary: SqlSchemaSummary };
  let second: { graph: GraphData; schemaSummary: SqlSchemaSummary };

  beforeAll(async () => {
    first = await constructFromSql({ text: shopSql });
    second = await constructFromSql({ text: shopSql });
  }, 120_000);

  it("gives exactly the counts of shop_expected.json", () => {
    const { graph } = first;
    expect(graph.directed).toBe(true);
    expect(graph.nodeIds).toHaveLength(shopExpected.nodes);
    expect(graph.edgeSources).toHaveLength(shopExpected.edges);
    expect(countBy(graph.nodeTypeNames, graph.nodeTypeIndex)).toEqual(shopExpected.node_types);
    expect(countBy(graph.edgeTypeNames, graph.edgeTypeIndex)).toEqual(shopExpected.edge_types);
  });

  it("names nodes <table>:<pk>, ordered by table then key, with non-key columns as properties", () => {
    const { graph } = first;
    expect(graph.nodeIds.slice(0, 3)).toEqual(["customers:1", "customers:2", "customers:3"]);
    const customer7 = graph.nodeIds.indexOf("customers:7");
    expect(graph.nodeLabels[customer7]).toBe("Customer O'Neil 7");
    expect(graph.nodeProperties[customer7]).toEqual({
      id: 7,
      name: "Customer O'Neil 7",
      city: "Porto",
      segment: "retail",
    });
    const order = graph.nodeIds.indexOf("orders:1");
    // Tables in name order: customers, orders, products.
    expect(order).toBe(120);
    // The foreign-key column is an edge, not a property.
    expect(Object.keys(graph.nodeProperties[order] ?? {})).toEqual(["id", "ordered_at", "total"]);
    expect(typeof graph.nodeProperties[order]?.total).toBe("number");
    expect(graph.nodeIds[720]).toBe("products:1");
    expect(graph.nodeIds[759]).toBe("products:40");
  });

  it("draws orders.customer_id from the order to its customer, link rows with properties", () => {
    const { graph } = first;
    const line = shopSql
      .split("\n")
      .find((text) => text.startsWith("INSERT INTO orders VALUES (1,"));
    const customer = /VALUES \(1, (\d+),/.exec(line ?? "")?.[1];
    const fkType = graph.edgeTypeNames.indexOf("orders.customer_id");
    const edge = graph.edgeTypeIndex.findIndex(
      (type, e) => type === fkType && graph.nodeIds[graph.edgeSources[e]] === "orders:1",
    );
    expect(edge).toBeGreaterThanOrEqual(0);
    expect(graph.nodeIds[graph.edgeTargets[edge]]).toBe(`customers:${customer}`);
    const linkType = graph.edgeTypeNames.indexOf("order_items");
    const link = graph.edgeTypeIndex.indexOf(linkType);
    expect(graph.nodeIds[graph.edgeSources[link]]).toMatch(/^orders:/);
    expect(graph.nodeIds[graph.edgeTargets[link]]).toMatch(/^products:/);
    expect(Object.keys(graph.edgeProperties[link] ?? {})).toEqual(["quantity"]);
  });

  it("summarises the schema and skips nothing", () => {
    const { schemaSummary } = first;
    expect(schemaSummary.nodeTypes.map((t) => [t.nodeType, t.nodes])).toEqual([
      ["customers", 120],
      ["orders", 600],
      ["products", 40],
    ]);
    expect(schemaSummary.edgeTypes.map((t) => [t.edgeType, t.rule, t.edges])).toEqual([
      ["order_items", "link-table", 1316],
      ["orders.customer_id", "foreign-key", 600],
    ]);
    expect(schemaSummary.skippedTables).toEqual([]);
    expect(schemaSummary.statements?.executed).toBe(2080);
  });

  it("is reproducible: the same dump gives a deep-equal graph", () => {
    expect(second.graph).toEqual(first.graph);
    expect(second.schemaSummary).toEqual(first.schemaSummary);
    expect(sqlSandboxStatus().liveWorkers).toBe(0);
  });
});

describe("constructFromSql refusals", () => {
  const refusals: [string, string, RegExp][] = [
    ["COPY FROM PROGRAM", "CREATE TABLE t (a int);\nCOPY t FROM PROGRAM 'id';\n", /PROGRAM/],
    ["CREATE EXTENSION", "CREATE TABLE t (a int);\n\nCREATE EXTENSION file_fdw;\n", /EXTENSION/],
    ["pg_sleep", "CREATE TABLE t (a int);\nSELECT pg_sleep(600);\n", /pg_sleep/],
  ];
  for (const [name, dump, pattern] of refusals) {
    it(`refuses ${name} before anything runs`, async () => {
      const started = Date.now();
      const error = await errorOf(() => constructFromSql({ text: dump }));
      expect(error.code).toBe("UNSUPPORTED_FILE");
      expect(error.message).toMatch(pattern);
      expect(error.details).toMatchObject({ line: dump.split("\n").length - 1 });
      // No sandbox was started: refusal is a parse, not a PGlite start (~3 s).
      expect(sqlSandboxStatus()).toEqual({ running: 0, queued: 0, liveWorkers: 0 });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  }

  it("refuses a dump cut in the middle of a statement, with its line", async () => {
    const cut = shopSql.indexOf("'Customer 42'");
    const error = await errorOf(() => constructFromSql({ text: shopSql.slice(0, cut + 5) }));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.details).toMatchObject({ line: 47 });
    expect(error.message).toMatch(/truncated/);
    const noSemicolon = await errorOf(() =>
      constructFromSql({ text: "CREATE TABLE t (a int);\nINSERT INTO t VALUES (1)\n" }),
    );
    expect(noSemicolon.details).toMatchObject({ line: 2 });
  });

  it("refuses a dump above the size limit", async () => {
    const error = await errorOf(() => constructFromSql({ text: shopSql, maxBytes: 1000 }));
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

// Rows listed in id order, as SQLite's .dump or a hand-written dump lists them: Ada's teacher
// (row 3) comes after her, and Cy's teacher (row 9) never comes at all.
const forwardKeys = [
  "CREATE TABLE artists (id integer PRIMARY KEY, name text NOT NULL, teacher_id integer REFERENCES artists(id));",
  "INSERT INTO artists VALUES (1, 'Ada', 3);",
  "INSERT INTO artists VALUES (2, 'Bo', NULL);",
  "INSERT INTO artists VALUES (3, 'Cy', 9);",
].join("\n");

describe("constructFromSql with keys that point forward", { timeout: 120_000 }, () => {
  it("loads the dump, draws the key to the later row and counts the one with no row", async () => {
    const { graph, schemaSummary } = await constructFromSql({ text: forwardKeys });
    expect(graph.nodeIds).toEqual(["artists:1", "artists:2", "artists:3"]);
    const edges = Array.from(graph.edgeSources, (source, index) => [
      graph.nodeIds[source],
      graph.nodeIds[graph.edgeTargets[index]],
    ]);
    expect(edges).toEqual([["artists:1", "artists:3"]]);
    expect(schemaSummary.edgeTypes[0]).toMatchObject({
      edges: 1,
      nullReferences: 1,
      missingTargets: 1,
    });
  });
});

describe("constructFromSql limits", { timeout: 60_000 }, () => {
  it("stops the sandbox at the wall-clock limit and the worker is gone", async () => {
    const error = await errorOf(() => constructFromSql({ text: shopSql, timeoutMs: 50 }));
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.details).toMatchObject({ limit: "time", timeoutMs: 50 });
    expect(sqlSandboxStatus()).toEqual({ running: 0, queued: 0, liveWorkers: 0 });
  });

  it("terminates the worker mid-load when cancelled, and queues sandboxes one at a time", async () => {
    const controller = new AbortController();
    const stages: string[] = [];
    const cancelled = constructFromSql({
      text: shopSql,
      signal: controller.signal,
      onProgress: (_fraction, stage) => {
        stages.push(stage ?? "");
        // The first batch of statements has run inside PGlite: stop in the middle of the load.
        if (stage === "loading") controller.abort();
      },
    });
    // A second construction waits for the only sandbox slot, then is cancelled while queued.
    const queuedController = new AbortController();
    const queued = constructFromSql({ text: shopSql, signal: queuedController.signal });
    // Both first check their statements (a parse, ~0.2 s), then ask for the slot.
    for (let wait = 0; wait < 100 && sqlSandboxStatus().queued === 0; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sqlSandboxStatus()).toMatchObject({ running: 1, queued: 1 });
    queuedController.abort();
    expect((await errorOf(() => queued)).code).toBe("JOB_CANCELLED");
    const error = await errorOf(() => cancelled);
    expect(error.code).toBe("JOB_CANCELLED");
    expect(stages).toContain("loading");
    expect(sqlSandboxStatus()).toEqual({ running: 0, queued: 0, liveWorkers: 0 });
  });
});
