import { describe, expect, it } from "vitest";
import { distillKnowledge } from "./distill-knowledge";

const call = (toolName: string, args: Record<string, unknown> = {}) => ({ toolName, args });

describe("distillKnowledge (MEM-1: reusable experience, none of the run's values)", () => {
  it("says which kind of question and which steps answered it, without the run's nodes", () => {
    const text = distillKnowledge({
      toolCalls: [
        call("register_session"),
        call("load_constructed_graph", { dataset_id: "5a4e7005-5e06", revision: 3 }),
        call("search_node", { query: "ghost-node-1", limit: 5 }),
        call("search_node", { query: "ghost-node-2", limit: 5 }),
        call("shortest_path", { source: "ghost-node-1", target: "ghost-node-2", weighted: true }),
      ],
    });
    expect(text).toBe(
      "To find the shortest path between two nodes: load_constructed_graph, search_node to confirm each named node, then shortest_path (weighted).",
    );
    expect(text).not.toMatch(/ghost|5a4e|revision|\b3\b|\b5\b/);
  });

  it("keeps settings from a fixed list and drops free text, ids and numbers", () => {
    const text = distillKnowledge({
      toolCalls: [
        call("node_centrality", {
          algorithm: "pagerank",
          top_k: 10,
          node_ids: ["n1", "n2"],
          weighted: false,
        }),
        call("query_graph", { sql: "select * from nodes where name = 'Alice'" }),
      ],
    });
    expect(text).toBe(
      "To rank nodes by centrality and aggregate the graph's tables with SQL: node_centrality (algorithm=pagerank), then query_graph.",
    );
  });

  it("names a lookup-only run by its lookup, and keeps nothing from bookkeeping alone", () => {
    expect(distillKnowledge({ toolCalls: [call("search_node", { query: "Alice" })] })).toBe(
      "To find nodes by name: search_node to confirm the named node.",
    );
    expect(distillKnowledge({ toolCalls: [call("register_session")] })).toBeNull();
  });
});
