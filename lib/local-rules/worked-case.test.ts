import type { JSONValue } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { attachedKarateState, emptyState } from "@/lib/contracts/testing/session-states";
import { karateBetweenness, karateDescription, karateEngine } from "./testing/karate-engine";
import { ok, runConversation } from "./testing/run-conversation";

// SS-5: an uploaded orders table, "find the key customers that connect several communities".
// The karate graph stands in for it, with its members split into customers and products.
const customers = new Set(["n0", "n33", "n2", "n8", "n13", "n5"]);
const ordersDescription = {
  ...karateDescription,
  dataset_id: "ds_orders",
  revision: 1,
  node_types: { customer: 20, product: 14 },
};
const ordersState = emptyState({
  construction_sources: [
    {
      dataset_id: "ds_orders",
      name: "orders.csv",
      kind: "csv",
      construction_status: "none",
      construction_revision: null,
    },
  ],
});

function ordersEngine() {
  return karateEngine({
    construct_graph: () =>
      ok({
        construction: { dataset_id: "ds_orders", revision: 1, status: "ready", node_count: 34 },
      }),
    load_constructed_graph: () => ok(ordersDescription as JSONValue),
    node_centrality: (call) =>
      ok({
        algorithm: "betweenness",
        node_count: 34,
        top: karateBetweenness.slice(0, Number(call.input.top_k)).map(([id, score], index) => ({
          rank: index + 1,
          id,
          label: id,
          type: customers.has(id) ? "customer" : "product",
          score,
        })),
      }),
  });
}

describe("SS-5 worked case", () => {
  it("builds the attachment, loads it, finds bridging customers, then visualises and reports them", async () => {
    const { turns, answer } = await runConversation({
      question:
        "Find the key customers that connect several communities, and give me a visualisation and a report.",
      state: ordersState,
      engine: ordersEngine(),
    });
    expect(turns.map((turn) => [...new Set(turn.calls.map((call) => call.toolName))])).toEqual([
      ["construct_graph"],
      ["load_constructed_graph"],
      ["node_centrality", "community_detection"],
      ["get_neighbors"],
      ["community_detection"],
      ["visualize_subgraph"],
      ["create_analysis_report"],
      [],
    ]);
    // node_centrality has no type filter: the model over-fetches and keeps the customers.
    expect(turns[2].calls[0].input).toMatchObject({
      algorithm: "betweenness",
      top_k: 1000,
      undirected: true,
    });
    expect(turns[3].calls.map((call) => call.input.node_id)).toEqual([
      "n0",
      "n33",
      "n2",
      "n8",
      "n13",
      "n5",
    ]);
    const report = turns[6].calls[0].input.source_results as Record<string, unknown[]>;
    expect(Object.keys(report)).toEqual([
      "construct_graph",
      "load_constructed_graph",
      "node_centrality",
      "community_detection",
      "get_neighbors",
      "visualize_subgraph",
    ]);
    expect(answer).toContain("customer nodes by betweenness and the communities they reach");
    expect(answer).toContain("| 1 | n0 | customer | 0.4376 |");
    expect(answer).not.toContain("| product |");
    expect(answer).toContain("Only nodes of type customer are listed: 6 of the top 10 overall.");
    expect(answer).toContain("built revision 1");
    expect(answer).toContain("Saved a graph view (shown in its card above)");
    expect(answer).toContain(
      'Saved the report "Key customers that connect several communities" (open it from its card above)',
    );
  });

  it("answers the same request in Chinese for 客户", async () => {
    const { turns, answer } = await runConversation({
      question: "找出连接多个社区的关键客户",
      state: ordersState,
      engine: ordersEngine(),
    });
    expect(turns[2].calls[0].input).toMatchObject({ top_k: 1000 });
    expect(answer).toContain("按介数排序的 customer 节点及其触及的社区");
    expect(answer).toContain("推断：");
  });
});

describe("deliverables and approvals", () => {
  it("visualises the graph when only a picture is asked for", async () => {
    const { turns, answer } = await runConversation({
      question: "可视化这个图",
      state: attachedKarateState(),
      engine: karateEngine(),
    });
    expect(turns[1].calls).toMatchObject([
      { toolName: "visualize_subgraph", input: { color_by: "community", size_by: "pagerank" } },
    ]);
    expect(turns[1].calls[0].input.node_ids).toBeUndefined();
    expect(answer).toContain("已保存图视图（见上方卡片）");
  });

  it("reports the cleared graph after approval", async () => {
    const { answer } = await runConversation({
      question: "Please clear the graph",
      state: attachedKarateState(),
      engine: karateEngine({ clear_graph: () => ok({ cleared: true }) }),
    });
    expect(answer).toContain("The session graph was cleared.");
  });

  it("loads instead of rebuilding when asked to build a ready dataset (SS-3)", async () => {
    const { turns, answer } = await runConversation({
      question: "Build the graph from my file",
      state: attachedKarateState(),
      engine: karateEngine(),
    });
    expect(turns.map((turn) => turn.calls.map((call) => call.toolName))).toEqual([
      ["load_constructed_graph"],
      [],
    ]);
    expect(answer).toContain("so I loaded it instead of rebuilding it");
  });
});
