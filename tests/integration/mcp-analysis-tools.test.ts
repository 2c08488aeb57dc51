import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { testInternalKey } from "../support/route-request";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// The analysis tools of docs/api.md "Analysis tools", called over real MCP on a real session, each
// answering one of the questions analysts ask with the value NetworkX (or SQLite) gives:
// tests/fixtures/analysis/analysis_reference.py made the references.
const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const reference = JSON.parse(
  await readFile(path.join(fixtures, "analysis/analysis_reference.json"), "utf8"),
);
// tests/fixtures/weights/weights_reference.py: NetworkX with weight= set to an edge property.
const weightsReference = JSON.parse(
  await readFile(path.join(fixtures, "weights/weights_reference.json"), "utf8"),
);

type Envelope = {
  success: boolean;
  status: string;
  error_code?: string;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads nested tool data of many shapes.
  data?: any;
};

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
let karate: Client;
let shop: Client;
let library: Client;
let payments: Client;

async function sessionWith(
  files: string[],
  construct: { directed?: boolean } = {},
): Promise<Client> {
  const user = await insertUser({
    email: `analyst-${randomUUID()}@test.local`,
    displayName: "analyst",
  });
  const project = await createProject({ ownerId: user.id, name: "analysis" });
  const session = await createSession({ ownerId: user.id, projectId: project.project_id });
  const ids: string[] = [];
  for (const file of files) {
    const uploaded = await uploadDataset({
      ownerId: user.id,
      projectId: project.project_id,
      file: { filename: path.basename(file), bytes: await readFile(path.join(fixtures, file)) },
    });
    ids.push(uploaded.dataset_id);
  }
  await constructDataset({
    ownerId: user.id,
    datasetId: ids[0],
    options: { ...construct, ...(ids[1] ? { nodes_dataset_id: ids[1] } : {}) },
  });
  const client = new Client({ name: "analysis-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: {
        headers: {
          "x-internal-key": testInternalKey,
          "x-user-id": user.id,
          "x-session-id": session.session_id,
        },
      },
    }),
  );
  const loaded = await call(client, "load_constructed_graph", { dataset_id: ids[0] });
  expect(loaded.success, loaded.message).toBe(true);
  return client;
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Envelope;
}

async function ok(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Envelope> {
  const envelope = await call(client, name, args);
  expect(envelope.success, `${name}: ${envelope.error_code} ${envelope.message}`).toBe(true);
  return envelope;
}

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  karate = await sessionWith(["karate_edges.csv", "karate_nodes.csv"]);
  shop = await sessionWith(["shop.sql"]);
  library = await sessionWith(["analysis/library.sql"]);
  payments = await sessionWith(["weights/transfers.csv", "weights/accounts.csv"], {
    directed: true,
  });
});

afterAll(async () => {
  await karate?.close();
  await shop?.close();
  await library?.close();
  await payments?.close();
  await server?.close();
});

describe("filters and typed degree", () => {
  it("get_graph_info lists types, properties with their kinds and the foreign-key direction", async () => {
    const info = await ok(shop, "get_graph_info");
    const customers = info.data.schema.node_types.find(
      (type: { name: string }) => type.name === "customers",
    );
    expect(customers.properties).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "segment", kind: "text" })]),
    );
    const foreignKey = info.data.schema.edge_types.find(
      (type: { name: string }) => type.name === "orders.customer_id",
    );
    expect(foreignKey).toMatchObject({ from: ["orders"], to: ["customers"], count: 600 });
    expect(info.data.schema.edge_direction).toContain("referencing row to the referenced row");
  });

  it("Which officer has the most connections? — degree ranked among club = Officer", async () => {
    const result = await ok(karate, "degree_analysis", {
      top_k: 5,
      where: [{ property: "club", op: "eq", value: "Officer" }],
    });
    expect(
      result.data.top.map((row: { id: string; degree: number }) => [row.id, row.degree]),
    ).toEqual(reference.karate_officer_degree_top5);
    expect(result.data.filters.nodes_considered).toBe(reference.karate_officer_count);
  });

  it("How many orders did customers:34 place? — in-degree over the foreign key", async () => {
    const result = await ok(shop, "degree_analysis", {
      node_ids: ["customers:34"],
      mode: "in",
      edge_types: ["orders.customer_id"],
    });
    expect(result.data.nodes[0].degree).toBe(reference.shop_orders_of_customers_34);
    const ranked = await ok(shop, "degree_analysis", {
      top_k: 3,
      mode: "in",
      node_type: "customers",
      edge_types: ["orders.customer_id"],
    });
    expect(
      ranked.data.top.map((row: { id: string; degree: number }) => [row.id, row.degree]),
    ).toEqual(reference.shop_customers_by_orders_top3);
  });

  it("Which product appears in the most orders? — only order_items edges into products", async () => {
    const result = await ok(shop, "degree_analysis", {
      top_k: 3,
      mode: "in",
      node_type: "products",
      edge_types: ["order_items"],
    });
    expect(
      result.data.top.map((row: { id: string; degree: number }) => [row.id, row.degree]),
    ).toEqual(reference.shop_products_in_orders_top3);
    expect(result.data.top[0]).toHaveProperty("out_degree", 0);
  });

  it("refuses unknown types and properties, naming the ones that exist", async () => {
    const type = await call(shop, "node_centrality", { algorithm: "pagerank", node_type: "books" });
    expect(type).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    expect(type.message).toContain("books");
    const edgeType = await call(shop, "degree_analysis", { edge_types: ["loans"] });
    expect(edgeType).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    const property = await call(karate, "degree_analysis", {
      where: [{ property: "team", op: "eq", value: "x" }],
    });
    expect(property).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    expect(property.message).toContain("club");
  });

  it("search_node narrows candidates by type and property", async () => {
    const result = await ok(shop, "search_node", {
      query: "Customer 3",
      node_type: "customers",
      where: [{ property: "segment", op: "eq", value: "retail" }],
    });
    for (const match of result.data.matches) expect(match.type).toBe("customers");
    expect(idsOf(result.data.matches)).toContain("customers:3");
    // Customers carry no order_items edge: only orders and products remain.
    const itemised = await ok(shop, "search_node", { query: "1", edge_types: ["order_items"] });
    expect(itemised.data.matches.length).toBeGreaterThan(0);
    for (const match of itemised.data.matches) expect(["orders", "products"]).toContain(match.type);
  });
});

describe("more centralities", () => {
  it("harmonic among officers, Katz and HITS authority equal NetworkX", async () => {
    const harmonic = await ok(karate, "node_centrality", {
      algorithm: "harmonic",
      top_k: 3,
      where: [{ property: "club", op: "eq", value: "Officer" }],
    });
    harmonic.data.top.forEach((row: { id: string; score: number }, index: number) => {
      expect(row.id).toBe(reference.karate_officer_harmonic_top3[index][0]);
      expect(row.score).toBeCloseTo(reference.karate_officer_harmonic_top3[index][1], 6);
    });
    for (const [algorithm, key] of [
      ["katz", "karate_katz_top3"],
      ["hits_authority", "karate_hits_authority_top3"],
    ]) {
      const result = await ok(karate, "node_centrality", { algorithm, top_k: 3 });
      result.data.top.forEach((row: { id: string; score: number }, index: number) => {
        expect(row.id).toBe(reference[key][index][0]);
        expect(row.score).toBeCloseTo(reference[key][index][1], 6);
      });
    }
  });
});

describe("paths, flows, trees and communities", () => {
  it("How many edge-disjoint paths connect n0 and n33? — max flow with unit capacities", async () => {
    const result = await ok(karate, "flow_analysis", { source: "n0", target: "n33" });
    expect(result.data.max_flow).toBe(reference.karate_edge_connectivity_n0_n33);
    expect(result.data.cut_edge_count).toBe(reference.karate_edge_connectivity_n0_n33);
    const bad = await call(karate, "flow_analysis", {
      source: "n0",
      target: "n33",
      capacity_property: "bandwidth",
    });
    expect(bad).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
  });

  it("How many edges does a spanning tree have?", async () => {
    const result = await ok(karate, "spanning_tree", {});
    expect(result.data).toMatchObject({
      edge_count: reference.karate_spanning_tree_edges,
      tree_count: 1,
      weighted: false,
    });
  });

  it("the 3 shortest paths from n16 to n33 (Yen)", async () => {
    const result = await ok(karate, "shortest_path", { source: "n16", target: "n33", k: 3 });
    expect(result.data.paths.map((path: { length: number }) => path.length)).toEqual(
      reference.karate_yen_n16_n33_lengths,
    );
    for (const path of result.data.paths) {
      expect(path.path[0]).toBe("n16");
      expect(path.path.at(-1)).toBe("n33");
      expect(new Set(path.path).size).toBe(path.path.length);
    }
  });

  it("Leiden returns connected communities; SCCs follow direction on the shop graph", async () => {
    const leiden = await ok(karate, "community_detection", { algorithm: "leiden" });
    expect(leiden.data.modularity).toBeGreaterThan(0.4);
    const strong = await ok(shop, "community_detection", {
      algorithm: "strongly_connected_components",
    });
    // The shop graph is a DAG (orders point at customers and products): every node alone.
    expect(strong.data.community_count).toBe(760);
  });
});

describe("one community numbering", () => {
  it("numbers communities by size and a picture drawn next uses the table's numbers", async () => {
    const asked = ["n33", "n32", "n8", "n0", "n1", "n2", "n5", "n24"];
    // Label propagation, not the default Louvain: the picture must reuse what the run found.
    const table = await ok(karate, "community_detection", {
      algorithm: "label_propagation",
      node_ids: asked,
      limit: 1000,
    });
    const sizes = table.data.communities.map((item: { size: number }) => item.size);
    expect(sizes).toEqual([...sizes].sort((a: number, b: number) => b - a));
    expect(table.data.communities.map((item: { community: number }) => item.community)).toEqual(
      sizes.map((_: number, id: number) => id),
    );
    const expected = new Map<number, number>();
    for (const row of table.data.node_communities as { community: number }[]) {
      expected.set(row.community, (expected.get(row.community) ?? 0) + 1);
    }
    const picture = await ok(karate, "visualize_subgraph", { node_ids: asked });
    const legend = picture.data.legend as { community: number; nodeCount: number }[];
    expect(new Map(legend.map((entry) => [entry.community, entry.nodeCount]))).toEqual(expected);
  });
});

describe("similarity and projections", () => {
  it("Which node is most similar to n32 by Jaccard? — the nodes most similar to one node", async () => {
    const result = await ok(karate, "node_similarity", {
      metric: "jaccard",
      node_id: "n32",
      top_k: 3,
    });
    result.data.similar.forEach((row: { id: string; score: number }, index: number) => {
      expect(row.id).toBe(reference.karate_jaccard_n32_top3[index][0]);
      expect(row.score).toBeCloseTo(reference.karate_jaccard_n32_top3[index][1], 6);
    });
  });

  it("Which links are likely missing? — Adamic–Adar over pairs not yet linked", async () => {
    const result = await ok(karate, "node_similarity", {
      metric: "adamic_adar",
      exclude_adjacent: true,
      top_k: 1,
    });
    const [pair, score] = reference.karate_adamic_adar_non_edge_top;
    expect([result.data.pairs[0].source, result.data.pairs[0].target].sort()).toEqual(
      [...pair].sort(),
    );
    expect(result.data.pairs[0].score).toBeCloseTo(score, 6);
    expect(result.data.exact).toBe(true);
  });

  it("Which products are most often bought together? — products projected through orders", async () => {
    const result = await ok(shop, "project_graph", {
      node_type: "products",
      via_node_type: "orders",
      via_edge_types: ["order_items"],
      top_k: 3,
    });
    expect(result.data.edge_count).toBe(reference.shop_projection_edge_count);
    expect(
      result.data.pairs.map((pair: { source: string; target: string; weight: number }) => [
        ...[pair.source, pair.target].sort(
          (a, b) => Number(a.split(":")[1]) - Number(b.split(":")[1]),
        ),
        pair.weight,
      ]),
    ).toEqual(reference.shop_bought_together_top3);
    expect(result.data.created_version).toBe(false);
    expect((await ok(shop, "get_graph_info")).data.nodes).toBe(760);
  });

  it("a projection kept as a version is what the next tools analyse", async () => {
    const projected = await ok(shop, "project_graph", {
      node_type: "products",
      via_node_type: "orders",
      create_version: true,
    });
    expect(projected.data.graph).toMatchObject({
      nodes: 40,
      edges: reference.shop_projection_edge_count,
      origin: "projection",
      weighted: true,
    });
    const strongest = await ok(shop, "degree_analysis", { top_k: 1 });
    const [topProduct, degree, strength] = reference.shop_projection_top_degree;
    expect(strongest.data.top[0]).toMatchObject({ id: topProduct, degree, strength });
    // Ranked by the sum of shared orders instead of the number of partners.
    const heaviest = await ok(shop, "degree_analysis", { top_k: 1, rank_by: "strength" });
    const [topByStrength, topStrength] = reference.shop_projection_top_strength;
    expect(heaviest.data.top[0]).toMatchObject({ id: topByStrength, strength: topStrength });
    // Back to the constructed graph for the other tests.
    const info = await ok(shop, "get_graph_info");
    await ok(shop, "switch_graph_version", {
      dataset_id: info.data.dataset_id,
      revision: info.data.revision,
    });
    expect((await ok(shop, "get_graph_info")).data.nodes).toBe(760);
  });

  it("refuses to rank an unweighted graph by strength", async () => {
    const refused = await call(shop, "degree_analysis", { rank_by: "strength" });
    expect(refused).toMatchObject({ success: false, error_code: "GRAPH_NOT_WEIGHTED" });
  });

  it("refuses a projection through its own type", async () => {
    const same = await call(shop, "project_graph", {
      node_type: "products",
      via_node_type: "products",
    });
    expect(same).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
  });
});

describe("per-node structure", () => {
  it("triangles per node, clustering and eccentricity of n0, and the densest core", async () => {
    const triangles = await ok(karate, "node_structure", { metric: "triangles", top_k: 3 });
    expect(
      triangles.data.top.map((row: { id: string; value: number }) => [row.id, row.value]),
    ).toEqual(reference.karate_triangles_top3);
    const clustering = await ok(karate, "node_structure", {
      metric: "clustering",
      node_ids: ["n0"],
    });
    expect(clustering.data.nodes[0].value).toBeCloseTo(reference.karate_clustering_n0, 9);
    const eccentricity = await ok(karate, "node_structure", {
      metric: "eccentricity",
      node_ids: ["n0"],
    });
    expect(eccentricity.data.nodes[0].value).toBe(reference.karate_eccentricity_n0);
    const cores = await ok(karate, "node_structure", {
      metric: "core_number",
      top_k: 34,
      where: [{ property: "club", op: "eq", value: "Officer" }],
    });
    expect(cores.data.max_core).toEqual({
      k: reference.karate_core_max_k,
      size: reference.karate_core_max_size,
    });
    expect(cores.data.top[0].value).toBe(reference.karate_officer_core_max);
    expect(cores.data.total).toBe(reference.karate_officer_count);
    expect(cores.message).toContain(`k = ${reference.karate_core_max_k}`);
  });
});

describe("query_graph", () => {
  it("Which customer segment spends the most? — SQL over the typed tables equals SQLite", async () => {
    const info = await ok(shop, "get_graph_info");
    const tableNames = info.data.schema.query_tables.map((table: { name: string }) => table.name);
    expect(tableNames).toEqual(
      expect.arrayContaining(["nodes", "edges", "customers", "orders", "orders.customer_id"]),
    );
    const result = await ok(shop, "query_graph", {
      sql: `SELECT c.segment, SUM(o.total) AS spent
            FROM orders o JOIN "orders.customer_id" fk ON fk.source = o.id JOIN customers c ON c.id = fk.target
            GROUP BY c.segment ORDER BY spent DESC`,
    });
    expect(result.data.columns).toEqual(["segment", "spent"]);
    const totals = Object.fromEntries(
      result.data.rows.map((row: [string, number]) => [row[0], row[1]]),
    );
    for (const [segment, total] of Object.entries(reference.shop_segment_totals)) {
      expect(totals[segment]).toBeCloseTo(total as number, 6);
    }
    expect(result.data.rows[0][0]).toBe("wholesale");
  });

  it("refuses hostile SQL with a reason and changes nothing", async () => {
    for (const sql of [
      "COPY (SELECT 1) TO '/tmp/x.csv'",
      "SELECT * FROM read_csv('/etc/passwd')",
      "SELECT * FROM '/etc/passwd'",
      "ATTACH '/tmp/other.db'",
      "INSTALL httpfs",
      "SELECT pg_read_file('/etc/passwd')",
      "SET memory_limit = '10GB'",
      "DROP TABLE customers",
      "SELECT 1; SELECT 2",
    ]) {
      const refused = await call(shop, "query_graph", { sql });
      expect(refused, sql).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
      expect(refused.message, sql).toBeTruthy();
    }
    const still = await ok(shop, "query_graph", { sql: "SELECT count(*) AS n FROM customers" });
    expect(still.data.rows).toEqual([[120]]);
  });
});

describe("graph_metrics", () => {
  it("answers triangles, clustering, diameter, cycles and the rest as NetworkX does", async () => {
    const result = await ok(karate, "graph_metrics");
    const { metrics } = result.data;
    expect(metrics.triangle_count).toBe(reference.karate_triangle_count);
    expect(metrics.average_clustering).toBeCloseTo(reference.karate_average_clustering, 9);
    expect(metrics.transitivity).toBeCloseTo(reference.karate_transitivity, 9);
    expect(metrics.density).toBeCloseTo(reference.karate_density, 12);
    expect(metrics.diameter).toBe(reference.karate_diameter);
    expect(metrics.radius).toBe(reference.karate_radius);
    expect(metrics.average_shortest_path_length).toBeCloseTo(
      reference.karate_average_shortest_path_length,
      9,
    );
    expect(metrics.average_shortest_path_length_exact).toBe(true);
    expect(metrics.degree_assortativity).toBeCloseTo(reference.karate_degree_assortativity, 9);
    expect(metrics.has_cycle).toBe(true);
    expect(metrics.example_cycle.length).toBeGreaterThanOrEqual(3);
    expect(metrics.is_dag).toBe(false);
    expect(metrics.is_bipartite).toBe(reference.karate_is_bipartite);
    expect(metrics.component_count).toBe(1);
    expect(result.data.notes).toEqual([]);
  });

  it("says distance metrics are for the largest component of a disconnected graph", async () => {
    const result = await ok(shop, "graph_metrics", {
      metrics: ["density", "is_dag", "has_cycle", "component_count", "diameter"],
    });
    expect(result.data.metrics).toMatchObject({
      is_dag: reference.shop_is_dag,
      has_cycle: reference.shop_has_cycle,
      component_count: reference.shop_component_count,
    });
    expect(result.data.metrics.density).toBeCloseTo(reference.shop_density, 12);
    expect(result.data.metrics).not.toHaveProperty("triangle_count");
    expect(result.data.notes.join(" ")).toContain("largest component");
  });
});

describe("similarity through two hops", () => {
  it("Which customers are most similar to customers:34? — by the products of their orders", async () => {
    const direct = await ok(shop, "node_similarity", {
      node_id: "customers:34",
      node_type: "customers",
    });
    // Each order has one customer: directly, customers share no neighbour at all.
    expect(direct.data.similar).toEqual([]);
    const result = await ok(shop, "node_similarity", {
      node_id: "customers:34",
      via_node_type: "orders",
      top_k: 3,
    });
    result.data.similar.forEach((row: { id: string; score: number }, index: number) => {
      expect(row.id).toBe(reference.shop_customers_similar_to_34_top3[index][0]);
      expect(row.score).toBeCloseTo(reference.shop_customers_similar_to_34_top3[index][1], 9);
    });
    const unclear = await call(shop, "node_similarity", { via_node_type: "orders" });
    expect(unclear).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
  });
});

describe("a library dump: typed counts and co-authorship", () => {
  it("Which books are borrowed most often? — only loans edges into books", async () => {
    const result = await ok(library, "degree_analysis", {
      top_k: 3,
      mode: "in",
      node_type: "books",
      edge_types: ["loans"],
    });
    expect(
      result.data.top.map((row: { id: string; degree: number }) => [row.id, row.degree]),
    ).toEqual(reference.library_books_borrowed_top3);
  });

  it("Which authors co-wrote books? — authors projected through their books", async () => {
    const result = await ok(library, "project_graph", {
      node_type: "authors",
      via_node_type: "books",
      via_edge_types: ["book_authors"],
      top_k: 3,
    });
    expect(result.data.edge_count).toBe(reference.library_coauthor_pair_count);
    expect(
      result.data.pairs.map((pair: { source: string; target: string; weight: number }) => [
        pair.source,
        pair.target,
        pair.weight,
      ]),
    ).toEqual(reference.library_coauthors_top3);
  });
});

describe("weights from any edge property (a payments graph built without a weight column)", () => {
  const topIds = (rows: [string, number][], k = 3) => rows.slice(0, k).map(([id]) => id);

  it("get_graph_info lists the edge properties that could weigh a call", async () => {
    const info = await ok(payments, "get_graph_info");
    expect(info.data.weighted).toBe(false);
    const byName = Object.fromEntries(
      info.data.edge_properties.map((entry: { name: string }) => [entry.name, entry]),
    );
    expect(byName.amount).toMatchObject({ numeric: true, missing: 0 });
    expect(byName.channel).toMatchObject({ numeric: false });
    expect(byName.discount).toMatchObject({
      numeric: true,
      missing: weightsReference.missing_discount,
    });
  });

  it("PageRank with the amounts as weights — a strength — matches nx.pagerank(weight='amount')", async () => {
    const result = await ok(payments, "node_centrality", {
      algorithm: "pagerank",
      weight_property: "amount",
      top_k: 5,
    });
    expect(result.data).toMatchObject({
      weighted: true,
      weight_property: "amount",
      weight_semantics: "strength",
    });
    expect(idsOf(result.data.top)).toEqual(topIds(weightsReference.pagerank_amount_top, 5));
    expect(result.data.top[0].score).toBeCloseTo(weightsReference.pagerank_amount_top[0][1], 6);
    // Unweighted, the ranking differs: the property really changed the measure.
    const plain = await ok(payments, "node_centrality", { algorithm: "pagerank", top_k: 5 });
    expect(idsOf(plain.data.top)).toEqual(topIds(weightsReference.pagerank_unweighted_top, 5));
  });

  it("betweenness and closeness read minutes as a distance", async () => {
    const betweenness = await ok(payments, "node_centrality", {
      algorithm: "betweenness",
      weight_property: "minutes",
    });
    expect(betweenness.data.weight_semantics).toBe("distance");
    expect(idsOf(betweenness.data.top).slice(0, 3)).toEqual(
      topIds(weightsReference.betweenness_minutes_top),
    );
    expect(betweenness.data.top[0].score).toBeCloseTo(
      weightsReference.betweenness_minutes_top[0][1],
      9,
    );
    const closeness = await ok(payments, "node_centrality", {
      algorithm: "closeness",
      weight_property: "minutes",
    });
    expect(idsOf(closeness.data.top).slice(0, 3)).toEqual(
      topIds(weightsReference.closeness_minutes_top),
    );
  });

  it("who received the most money: in-strength by amount", async () => {
    const result = await ok(payments, "degree_analysis", {
      mode: "in",
      rank_by: "strength",
      weight_property: "amount",
      top_k: 3,
    });
    expect(idsOf(result.data.top)).toEqual(topIds(weightsReference.in_strength_amount_top));
    expect(result.data.top[0].strength).toBeCloseTo(
      weightsReference.in_strength_amount_top[0][1],
      6,
    );
  });

  it("the quickest route in minutes, a spanning tree, distance figures and a flow by property", async () => {
    const route = await ok(payments, "shortest_path", {
      source: weightsReference.path_source,
      target: weightsReference.path_target,
      weight_property: "minutes",
    });
    expect(route.data).toMatchObject({ weighted: true, weight_semantics: "distance" });
    expect(route.data.distance).toBe(weightsReference.path_minutes_length);
    const tree = await ok(payments, "spanning_tree", { weight_property: "minutes" });
    expect(tree.data.total_weight).toBeCloseTo(weightsReference.spanning_minutes_total, 9);
    const metrics = await ok(payments, "graph_metrics", {
      metrics: ["diameter", "radius", "average_shortest_path_length"],
      weight_property: "minutes",
    });
    expect(metrics.data.metrics.diameter).toBe(weightsReference.diameter_minutes);
    expect(metrics.data.metrics.radius).toBe(weightsReference.radius_minutes);
    expect(metrics.data.metrics.average_shortest_path_length).toBeCloseTo(
      weightsReference.average_path_minutes,
      9,
    );
    const flow = await ok(payments, "flow_analysis", {
      source: weightsReference.path_source,
      target: weightsReference.path_target,
      capacity_property: "amount",
    });
    expect(flow.data.max_flow).toBeCloseTo(weightsReference.max_flow_amount, 6);
  });

  it("weighted clustering and Louvain read a count as a strength", async () => {
    const clustering = await ok(payments, "node_structure", {
      metric: "clustering",
      weight_property: "count",
      node_ids: ["a20", "a14"],
    });
    for (const row of clustering.data.nodes) {
      expect(row.value).toBeCloseTo(weightsReference.clustering_count[row.id], 9);
    }
    const communities = await ok(payments, "community_detection", {
      algorithm: "louvain",
      weight_property: "count",
    });
    expect(communities.data).toMatchObject({ weighted: true, weight_semantics: "strength" });
  });

  it("refuses a property that cannot serve, saying why, and names the candidates when unweighted", async () => {
    const text = await call(payments, "node_centrality", {
      algorithm: "pagerank",
      weight_property: "channel",
    });
    expect(text).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    expect(text.message).toMatch(/not numeric.*amount/);
    const unknown = await call(payments, "shortest_path", {
      source: "a03",
      target: "a17",
      weight_property: "fees",
    });
    expect(unknown).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    const missing = await call(payments, "degree_analysis", { weight_property: "discount" });
    expect(missing.message).toContain(`${weightsReference.missing_discount} of`);
    const filled = await ok(payments, "degree_analysis", {
      weight_property: "discount",
      missing_weight: 0,
    });
    expect(filled.data.weighted).toBe(true);
    const negative = await call(payments, "shortest_path", {
      source: "a03",
      target: "a17",
      weight_property: "delta",
    });
    expect(negative).toMatchObject({ success: false, error_code: "INVALID_REQUEST" });
    expect(negative.message).toMatch(/negative "delta"/);
    const notWeighted = await call(payments, "node_centrality", {
      algorithm: "pagerank",
      weighted: true,
    });
    expect(notWeighted).toMatchObject({ success: false, error_code: "GRAPH_NOT_WEIGHTED" });
    expect(notWeighted.message).toContain("amount, count");
  });
});
