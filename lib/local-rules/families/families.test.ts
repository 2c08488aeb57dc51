import { describe, expect, it } from "vitest";
import { type AnalysisIntent, families, familyTitle, readAnalyses } from "./index";

// The registry is the grammar's order of precedence: a question is read by the first family
// that reads it, so moving a line changes what questions mean.

describe("the question families", () => {
  it("are tried in this order, one family per kind", () => {
    expect(families.map((family) => family.kind)).toEqual([
      "graph-export",
      "reach-avoiding",
      "flow",
      "spanning-tree",
      "self-loops",
      "reciprocal-pairs",
      "degree-balance",
      "links-between-groups",
      "key-holder-share",
      "link-share",
      "value-share",
      "type-share",
      "cut-points",
      "one-way-nodes",
      "unlinked-nodes",
      "edge-ranking",
      "common-neighbours",
      "reach-set",
      "distinct-partners",
      "edge-sums",
      "degree",
      "node-measure-value",
      "similarity",
      "partners",
      "projection",
      "k-shortest",
      "connectivity",
      "reachability",
      "edge-exists",
      "path",
      "graph-metric",
      "unreachable",
      "node-structure",
      "core",
      "outside-main",
      "components",
      "bridging",
      "same-community",
      "membership",
      "communities",
      "nodes-with-value",
      "neighbours",
      "centrality",
      "property-difference",
      "most-co-partners",
      "nodes-by-partner-count",
      "schema-question",
      "node-value-check",
    ]);
  });

  it.each([
    // An earlier family wins over a later one that would also read the question.
    ["How many edge-disjoint paths connect n0 and n33?", "flow"],
    ["List the 3 shortest paths from n16 to n33", "k-shortest"],
    ["Which airport sits on the most shortest paths (betweenness)?", "centrality"],
    ["Which course shares the most students with Databases?", "partners"],
    ["Which products are most often bought together?", "projection"],
    ["Which community is Valjean in?", "membership"],
    ["Who are the most central customers and their communities?", "centrality"],
    ["How many orders are there?", "schema-question"],
    // Exporting the graph is a file; a country that exports is trade.
    ["Export this graph with PageRank and communities for Gephi", "graph-export"],
    ["把这个图导出为 GraphML", "graph-export"],
    ["Which country exports the most by value?", "edge-sums"],
  ])("reads %j as %s", (question, kind) => {
    expect(readAnalyses(question)[0]?.kind).toBe(kind);
  });

  it("reads an export's format and measures", () => {
    expect(readAnalyses("Export this graph with PageRank and communities for Gephi")).toEqual([
      { kind: "graph-export", format: "gexf", measures: ["pagerank", "louvain"] },
    ]);
    expect(readAnalyses("Save the network as a CSV for a spreadsheet, with degree")).toEqual([
      { kind: "graph-export", format: "csv", measures: ["degree"] },
    ]);
    expect(readAnalyses("导出图，带上 Leiden 社区")[0]).toEqual({
      kind: "graph-export",
      format: "graphml",
      measures: ["leiden"],
    });
  });

  it("reads nothing when no family does", () => {
    expect(readAnalyses("Tell me a joke")).toEqual([]);
  });

  it("titles an answer from its first analysis, in the question's language", () => {
    const ranking: AnalysisIntent = { kind: "centrality", measure: "pagerank", topK: 5 };
    expect(familyTitle(ranking, "en")).toBe("Top nodes by PageRank");
    expect(familyTitle({ kind: "cut-points", what: "bridges", ask: "list" }, "zh")).toBe("桥边");
    expect(familyTitle({ kind: "flow", source: null, target: null, disjoint: true }, "en")).toBe(
      "Maximum flow",
    );
  });
});
