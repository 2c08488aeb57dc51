import { describe, expect, it } from "vitest";
import type { ToolCardState } from "@/hooks/api/run-view";
import { buildFigureIndex, findFigures } from "./figure-links";

function card(toolCallId: string, toolName: string, data: unknown): ToolCardState {
  return {
    toolCallId,
    toolName,
    args: {},
    status: "succeeded",
    durationMs: 1,
    summary: null,
    errorCode: null,
    blockedBy: [],
    result: { success: true, status: "completed", data },
  };
}

const index = buildFigureIndex([
  card("load", "load_constructed_graph", { nodes: 760, edges: 1916, revision: 1 }),
  card("centrality", "node_centrality", {
    algorithm: "betweenness",
    node_count: 760,
    top: [
      { id: "customers:12", label: "Customer 12", rank: 1, score: 0.1234567 },
      { id: "customers:5", label: "Customer 5", rank: 5, score: 0 },
    ],
  }),
  card("communities", "community_detection", {
    community_count: 6,
    modularity: 0.6870693337284967,
    communities: [{ community: 3, size: 162 }],
  }),
  { ...card("failed", "get_neighbors", { nodes: 999 }), status: "failed" },
]);

function linked(text: string, context = text, columnLabel?: string) {
  return findFigures({ text, context, columnLabel, index }).map((span) => [
    span.text,
    span.match.toolCallId,
    span.match.path,
  ]);
}

describe("findFigures", () => {
  it("links decimals at their own precision and counts named by their field", () => {
    expect(linked("Louvain splits the graph into 6 communities (modularity 0.6871).")).toEqual([
      ["6", "communities", "community_count"],
      ["0.6871", "communities", "modularity"],
    ]);
    expect(linked("Top score 0.1235, or 0.12 rounded.")).toEqual([
      ["0.1235", "centrality", "top[0].score"],
      ["0.12", "centrality", "top[0].score"],
    ]);
  });

  it("prefers the earlier card and reads thousands separators", () => {
    expect(linked("revision 1, 760 nodes, 1,916 edges")).toEqual([
      ["760", "load", "nodes"],
      ["1,916", "load", "edges"],
    ]);
  });

  it("links an integer only when the object holding it is named nearby", () => {
    expect(linked("Customer 5 (customers:5) (betweenness 0, reaches 2 communities)")).toEqual([
      ["0", "centrality", "top[1].score"],
    ]);
    expect(linked("betweenness 0 everywhere")).toEqual([]);
    // The field name must be next to the figure, not anywhere in the paragraph.
    expect(linked("6 of them, which is a long way from the word communities")).toEqual([]);
  });

  it("never links ranks, ids, labels, dates, versions or percentages", () => {
    const row = "5 | Customer 5 (customers:5) | customers | 0 | #3 | 6";
    expect(linked("5", row, "Rank")).toEqual([]);
    expect(linked("#3 (162)", row, "Community")).toEqual([]);
    expect(linked("0", row, "betweenness")).toEqual([["0", "centrality", "top[1].score"]]);
    // A field name elsewhere in the row does not make a count the community count.
    expect(linked("6", row, "Neighbours checked")).toEqual([]);
    expect(linked("6", row, "Communities")).toEqual([["6", "communities", "community_count"]]);
    expect(linked("on 2024-01-02 with v2 at 45% see customers:50 and Customer 12")).toEqual([]);
  });

  it("ignores failed calls", () => {
    expect(linked("999 nodes")).toEqual([]);
  });
});
