import { describe, expect, it } from "vitest";
import { failed, karateLoad, succeeded } from "./testing/tool-calls";
import {
  collectResultNodes,
  findAnalysisCall,
  findNameEvidence,
  findNumberEvidence,
} from "./tool-result-evidence";

describe("findNumberEvidence", () => {
  it("finds a numeric field within the tolerance", () => {
    const metrics = succeeded("graph_metrics", { metrics: { average_clustering: 0.5706384 } });
    expect(
      findNumberEvidence({ toolCalls: [metrics], value: 0.5706, tolerance: 0.0005 }),
    ).toContain("graph_metrics data.metrics.average_clustering");
    expect(findNumberEvidence({ toolCalls: [metrics], value: 0.57, tolerance: 0.0005 })).toBe(
      undefined,
    );
  });

  it("reads numeric strings (SQL aggregates)", () => {
    const query = succeeded("query_graph", { columns: ["avg"], rows: [["251.7523666"]] });
    expect(findNumberEvidence({ toolCalls: [query], value: 251.75, tolerance: 0.005 })).toBe(
      "query_graph data.rows.0.0",
    );
  });

  it("ignores bookkeeping fields: revision, version, rank, top_k, limit, depth, seq, duration_ms, k", () => {
    const bookkeeping = succeeded("node_centrality", {
      revision: 7,
      version: 7,
      top_k: 7,
      limit: 7,
      depth: 7,
      seq: 7,
      duration_ms: 7,
      k: 7,
      top: [{ id: "n1", rank: 7, score: 0.5 }],
    });
    expect(findNumberEvidence({ toolCalls: [bookkeeping], value: 7, tolerance: 0 })).toBe(
      undefined,
    );
    expect(findNumberEvidence({ toolCalls: [karateLoad], value: 1, tolerance: 0 })).toBe(undefined);
  });

  it("counts the length of a complete list of two or more, never a truncated one", () => {
    const neighbours = succeeded("get_neighbors", {
      neighbours: [{ id: "n0" }, { id: "n6" }, { id: "n10" }, { id: "n16" }],
      truncated: false,
    });
    expect(findNumberEvidence({ toolCalls: [neighbours], value: 4, tolerance: 0 })).toContain(
      "a list of 4",
    );
    const cut = succeeded("degree_analysis", { top: [{}, {}, {}], truncated: true });
    expect(findNumberEvidence({ toolCalls: [cut], value: 3, tolerance: 0 })).toBe(undefined);
    const single = succeeded("get_neighbors", { neighbours: [{ id: "n0" }] });
    expect(findNumberEvidence({ toolCalls: [single], value: 1, tolerance: 0 })).toBe(undefined);
  });

  it("takes a path's node list of length + 1 when asked", () => {
    const path = succeeded("shortest_path", { path: ["n0", "n8", "n33"] });
    expect(
      findNumberEvidence({ toolCalls: [path], value: 2, tolerance: 0, listLengths: [3] }),
    ).toContain("a list of 3");
    expect(findNumberEvidence({ toolCalls: [path], value: 2, tolerance: 0 })).toBe(undefined);
  });

  it("never reads a failed call", () => {
    const broken = failed("graph_metrics", { metrics: { diameter: 5 } });
    expect(findNumberEvidence({ toolCalls: [broken], value: 5, tolerance: 0 })).toBe(undefined);
  });
});

describe("findNameEvidence", () => {
  it("finds a name as a string or a key of a result, case-insensitively", () => {
    const rows = succeeded("query_graph", { rows: [["Lyon", 31]] });
    expect(findNameEvidence({ toolCalls: [rows], names: ["lyon"] })).toBe(
      "query_graph data.rows.0.0",
    );
    const scores = succeeded("node_centrality", { scores: { n33: 0.1 } });
    expect(findNameEvidence({ toolCalls: [scores], names: ["n33"] })).toBe(
      "node_centrality data.scores.n33",
    );
    expect(findNameEvidence({ toolCalls: [scores], names: ["n3"] })).toBe(undefined);
  });
});

describe("findAnalysisCall", () => {
  it("needs a tool beyond loading, graph info, search, reports and pictures", () => {
    const showing = [
      karateLoad,
      succeeded("get_graph_info", {}),
      succeeded("search_node", {}),
      succeeded("construct_graph", {}),
      succeeded("list_datasets", {}),
      succeeded("create_analysis_report", {}),
      succeeded("visualize_subgraph", {}),
    ];
    expect(findAnalysisCall(showing)).toBe(undefined);
    expect(findAnalysisCall([...showing, failed("shortest_path", {})])).toBe(undefined);
    expect(findAnalysisCall([...showing, succeeded("shortest_path", {})])?.tool_name).toBe(
      "shortest_path",
    );
  });
});

describe("collectResultNodes", () => {
  it("collects objects with an id and a type, once each", () => {
    const top = succeeded("degree_analysis", {
      top: [
        { id: "customers:26", type: "customers", label: "Customer 26" },
        { id: "customers:34", type: "customers", label: "Customer 34" },
        { id: "customers:26", type: "customers" },
      ],
      node_types: [{ name: "customers" }],
    });
    expect(collectResultNodes([top]).map((node) => node.id)).toEqual([
      "customers:26",
      "customers:34",
    ]);
  });
});
