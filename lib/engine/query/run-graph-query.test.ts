import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { constructGraph } from "../construction/construct-graph";
import { constructFromSql } from "../construction/sql/construct-from-sql";
import { EngineError } from "../engine-error";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { closeIdleQueryEngines, openQueryEngineCount } from "./query-engine-cache";
import { runGraphQuery } from "./run-graph-query";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures");
const reference = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "fixtures/shop-aggregates.json"), "utf8"),
) as { queries: Record<string, { rows: (string | number)[][] }> };

async function errorOf(run: () => Promise<unknown>): Promise<EngineError> {
  try {
    await run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

function expectRowsClose(actual: unknown[][], expected: (string | number)[][]) {
  expect(actual).toHaveLength(expected.length);
  for (const [r, row] of expected.entries()) {
    for (const [c, value] of row.entries()) {
      if (typeof value === "number") expect(actual[r][c]).toBeCloseTo(value, 2);
      else expect(actual[r][c]).toBe(value);
    }
  }
}

afterAll(async () => {
  await closeIdleQueryEngines();
});

// The same questions as shop-aggregates.py asks SQLite over the dump's own tables.
describe("runGraphQuery on the shop dump's graph", { timeout: 120_000 }, () => {
  let shop: GraphData;
  beforeAll(async () => {
    const text = readFileSync(path.join(fixtures, "shop.sql"), "utf8");
    shop = (await constructFromSql({ text })).graph;
  }, 120_000);

  it("totals orders per customer segment through the foreign-key column, as SQLite does", async () => {
    const result = await runGraphQuery({
      graph: shop,
      sql: `SELECT c.segment, COUNT(*) AS orders, ROUND(SUM(o.total), 2) AS total
            FROM orders o JOIN customers c ON c.id = o.customer_id
            GROUP BY c.segment ORDER BY c.segment`,
    });
    expect(result.columns).toEqual(["segment", "orders", "total"]);
    expectRowsClose(result.rows, reference.queries.total_per_segment.rows);
    expect(result).toMatchObject({ row_count: 3, truncated: false });
  });

  it("gives the same totals through the foreign-key edge table", async () => {
    const result = await runGraphQuery({
      graph: shop,
      sql: `SELECT c.segment, count(*), round(sum(o.total), 2)
            FROM orders o JOIN "orders.customer_id" fk ON fk.source = o.id
            JOIN customers c ON c.id = fk.target GROUP BY 1 ORDER BY 1`,
    });
    expectRowsClose(result.rows, reference.queries.total_per_segment.rows);
  });

  it("aggregates link-table edges with their properties, across three joins", async () => {
    const quantities = await runGraphQuery({
      graph: shop,
      sql: `SELECT p.category, SUM(oi.quantity), COUNT(*) FROM order_items oi
            JOIN products p ON p.id = oi.target GROUP BY 1 ORDER BY 1`,
    });
    expectRowsClose(quantities.rows, reference.queries.quantity_per_category.rows);
    const revenue = await runGraphQuery({
      graph: shop,
      sql: `SELECT c.segment, ROUND(SUM(oi.quantity * p.price), 2) AS revenue
            FROM order_items oi JOIN products p ON p.id = oi.target
            JOIN orders o ON o.id = oi.source JOIN customers c ON c.id = o.customer_id
            GROUP BY c.segment ORDER BY c.segment`,
    });
    expectRowsClose(revenue.rows, reference.queries.item_revenue_per_segment.rows);
    const top = await runGraphQuery({
      graph: shop,
      sql: `WITH spend AS (SELECT o.customer_id, SUM(o.total) AS spent FROM orders o GROUP BY 1)
            SELECT c.name, ROUND(s.spent, 2) AS spent FROM spend s JOIN customers c ON c.id = s.customer_id
            ORDER BY spent DESC, c.name LIMIT 5`,
    });
    expectRowsClose(top.rows, reference.queries.top_customers.rows);
  });

  it("exposes nodes and edges with ids equal to the graph's, and typed per-type columns", async () => {
    const nodes = await runGraphQuery({
      graph: shop,
      sql: "SELECT type, count(*) AS n FROM nodes GROUP BY type ORDER BY type",
    });
    expect(nodes.rows).toEqual([
      ["customers", 120],
      ["orders", 600],
      ["products", 40],
    ]);
    const customer = await runGraphQuery({
      graph: shop,
      sql: `SELECT n.id, n.label, n.props->>'segment' AS segment, c.property_id, c.city
            FROM nodes n JOIN customers c USING (id) WHERE n.id = 'customers:7'`,
    });
    expect(customer.rows).toEqual([["customers:7", "Customer O'Neil 7", "retail", 7, "Porto"]]);
    const edges = await runGraphQuery({
      graph: shop,
      sql: "SELECT type, count(*), min(weight), max(weight) FROM edges GROUP BY 1 ORDER BY 1",
    });
    expect(edges.rows).toEqual([
      ["order_items", 1316, 1, 1],
      ["orders.customer_id", 600, 1, 1],
    ]);
    const props = await runGraphQuery({
      graph: shop,
      sql: "SELECT props FROM edges WHERE type = 'order_items' AND source = 'orders:1' LIMIT 1",
    });
    expect(props.rows[0][0]).toMatchObject({ quantity: expect.any(Number) });
  });

  it("builds the database once per graph version and reuses it", async () => {
    await runGraphQuery({ graph: shop, sql: "SELECT 1" });
    const before = openQueryEngineCount();
    const started = Date.now();
    for (let i = 0; i < 5; i++)
      await runGraphQuery({ graph: shop, sql: "SELECT count(*) FROM edges" });
    expect(openQueryEngineCount()).toBe(before);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("runGraphQuery on karate and small graphs", { timeout: 30_000 }, () => {
  let karate: GraphData;
  beforeAll(async () => {
    const texts = {
      edges: readFileSync(path.join(fixtures, "karate_edges.csv"), "utf8"),
      nodes: readFileSync(path.join(fixtures, "karate_nodes.csv"), "utf8"),
    };
    karate = (await constructGraph({ kind: "csv", texts })).graph;
  });

  it("counts members per club, in the node view and the node-type table", async () => {
    const viaNodes = await runGraphQuery({
      graph: karate,
      sql: "SELECT props->>'club' AS club, count(*) AS members FROM nodes GROUP BY 1 ORDER BY 1",
    });
    expect(viaNodes.rows).toEqual([
      ["Mr. Hi", 17],
      ["Officer", 17],
    ]);
    const viaTable = await runGraphQuery({
      graph: karate,
      sql: 'SELECT club, count(*) FROM "default" GROUP BY club ORDER BY club',
    });
    expect(viaTable.rows).toEqual(viaNodes.rows);
    // Node type and edge type are both "default": the edge table gives way.
    const edges = await runGraphQuery({ graph: karate, sql: "SELECT count(*) FROM default_edges" });
    expect(edges.rows).toEqual([[78]]);
  });

  it("counts edges inside and across the clubs with a join on both ends", async () => {
    const result = await runGraphQuery({
      graph: karate,
      sql: `SELECT a.club = b.club AS same_club, count(*) FROM edges e
            JOIN "default" a ON a.id = e.source JOIN "default" b ON b.id = e.target
            GROUP BY 1 ORDER BY 1`,
    });
    const [across, inside] = result.rows.map((row) => row[1] as number);
    expect(across + inside).toBe(78);
    expect(inside).toBeGreaterThan(across);
  });

  it("cuts the rows at the limit and says so", async () => {
    const result = await runGraphQuery({ graph: karate, sql: "SELECT id FROM nodes", limit: 5 });
    expect(result).toMatchObject({ row_count: 5, truncated: true });
    const all = await runGraphQuery({ graph: karate, sql: "SELECT id FROM nodes", limit: 34 });
    expect(all).toMatchObject({ row_count: 34, truncated: false });
    const capped = await runGraphQuery({
      graph: karate,
      sql: "SELECT * FROM range(5000)",
      limit: 5000,
    });
    expect(capped).toMatchObject({ row_count: 1000, truncated: true });
  });

  it("names tables exactly as dotted and odd types, typing mixed properties as text", async () => {
    const builder = new GraphBuilder({ directed: true });
    builder.addNode("a", {
      type: "public.Order Items",
      properties: { n: 1, mixed: 1, flag: true },
    });
    builder.addNode("b", { type: "public.Order Items", properties: { n: 2.5, mixed: "x" } });
    builder.addNode("c", { type: 'we"ird', properties: null });
    builder.addEdge("a", "b", { type: "public.Order Items.next", properties: { since: 2020 } });
    builder.addEdge("b", "c", { type: "links" });
    const graph = builder.build();
    const result = await runGraphQuery({
      graph,
      sql: `SELECT o.id, o.n, o.mixed, o.flag, o.next FROM "public.Order Items" o ORDER BY o.id`,
    });
    expect(result.rows).toEqual([
      ["a", 1, "1", true, "b"],
      ["b", 2.5, "x", null, null],
    ]);
    const odd = await runGraphQuery({
      graph,
      sql: `SELECT e.since, w.id FROM "public.Order Items.next" e, links l JOIN "we""ird" w ON w.id = l.target`,
    });
    expect(odd.rows).toEqual([[2020, "c"]]);
  });

  it("returns JSON-safe values: big integers as text, lists and structs as JSON", async () => {
    const result = await runGraphQuery({
      graph: karate,
      sql: `SELECT 9007199254740993::BIGINT AS big, 42::HUGEINT AS small, 1.25::DECIMAL(5,2) AS d,
            [1, 2]::BIGINT[] AS list, {'k': 3::BIGINT} AS struct, DATE '2024-01-02' AS day`,
    });
    expect(result.rows).toEqual([["9007199254740993", 42, 1.25, [1, 2], { k: 3 }, "2024-01-02"]]);
  });

  it("lists the tables when nothing matched, and on an unknown column", async () => {
    const empty = await runGraphQuery({
      graph: karate,
      sql: "SELECT id FROM nodes WHERE props->>'club' = 'nobody'",
    });
    expect(empty.row_count).toBe(0);
    expect(empty.tables?.map((table) => table.name)).toEqual([
      "nodes",
      "edges",
      "default",
      "default_edges",
    ]);
    const error = await errorOf(() =>
      runGraphQuery({ graph: karate, sql: "SELECT nope FROM nodes" }),
    );
    expect(error.code).toBe("INVALID_REQUEST");
    expect(error.message).toMatch(/nope/);
    expect(error.details?.tables).toBeDefined();
  });
});
