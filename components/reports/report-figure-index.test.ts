import { describe, expect, it } from "vitest";
import { renderAnalysisReport } from "@/lib/engine/documents/render-analysis-report";
import { findFigures } from "../markdown/figure-links";
import { parseMarkdown } from "../markdown/parse-markdown";
import { buildReportFigureIndex } from "./report-figure-index";

const centrality = {
  algorithm: "pagerank",
  top: [
    { rank: 1, id: "n33", score: 0.100918 },
    { rank: 2, id: "n0", score: 0.0969972 },
  ],
};

describe("report figures link by the chat's rule to the report's sources", () => {
  it("links a rendered score to the call that returned it, and nothing to another tool", () => {
    const { markdown } = renderAnalysisReport({
      title: "PageRank",
      sourceResults: { node_centrality: [centrality] },
      format: "markdown",
      generatedAt: "2026-12-01T00:00:00Z",
    });
    const index = buildReportFigureIndex([
      {
        run_id: "run-1",
        tool_call_id: "call-degree",
        tool_name: "degree_analysis",
        summary: null,
        data: { max_degree: 17, mean: 0.5 },
        finished_at: null,
      },
      {
        run_id: "run-1",
        tool_call_id: "call-centrality",
        tool_name: "node_centrality",
        summary: null,
        data: centrality,
        finished_at: null,
      },
    ]);
    const table = parseMarkdown(markdown ?? "").find(
      (block) => block.kind === "table" && block.rows.length === 2,
    );
    if (table?.kind !== "table") throw new Error("the ranked table was not rendered");
    const scoreColumn = table.header.findIndex((cell) => cell.plain === "score");
    const [first] = table.rows;
    const cell = first?.[scoreColumn];
    const spans = findFigures({
      text: cell?.plain ?? "",
      context: first?.map((other) => other.plain).join(" | ") ?? "",
      columnLabel: "score",
      index,
    });
    expect(spans.map((span) => [span.match.toolCallId, span.match.path])).toEqual([
      ["call-centrality", "top[0].score"],
    ]);
  });

  it("has nothing to link without sources", () => {
    const index = buildReportFigureIndex([]);
    expect(findFigures({ text: "0.100918", context: "0.100918", index })).toEqual([]);
  });
});
