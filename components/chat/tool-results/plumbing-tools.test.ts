import { describe, expect, it } from "vitest";
import { isPlumbingTool, plumbingLine } from "./plumbing-tools";

describe("isPlumbingTool", () => {
  it("folds loads, state checks, searches and listings, not analyses", () => {
    for (const name of ["load_constructed_graph", "get_graph_info", "search_node", "list_datasets"])
      expect(isPlumbingTool(name)).toBe(true);
    for (const name of ["node_centrality", "community_detection", "query_graph", "train"])
      expect(isPlumbingTool(name)).toBe(false);
  });
});

describe("plumbingLine", () => {
  it("says the graph's size, never its dataset id", () => {
    const line = plumbingLine({
      data: {
        loaded: true,
        dataset_id: "017d79a3-7b99-4c0b-8410-af952878cdcf",
        revision: 1,
        directed: false,
        nodes: 34,
        edges: 78,
      },
      summary: "loaded=true, dataset_id=017d79a3-7b99-4c0b-8410-af95287…",
    });
    expect(line).toBe("the graph: 34 nodes, 78 edges, undirected, revision 1");
  });

  it("falls back to the tool's summary", () => {
    expect(plumbingLine({ data: { matches: [] }, summary: "0 matches" })).toBe("0 matches");
  });
});
