import { describe, expect, it } from "vitest";
import { renderAnalysisReport, reportDisclaimer } from "./render-analysis-report";
import { formatNumber } from "./report/format-value";
import { escapeMarkdown } from "./report/render-markdown";

const sourceResults = {
  node_centrality: [
    {
      success: true,
      status: "ok",
      data: {
        algorithm: "pagerank",
        top: [
          { id: "<script>alert(1)</script>", score: 0.10091791674871213 },
          { id: "n0", score: 0.09700181758983706 },
          { id: "n32", score: 0.07169213006588289 },
        ],
        truncated: true,
      },
    },
  ],
  community_detection: [
    {
      algorithm: "louvain",
      modularity: 0.41880341880341876,
      communities: [
        { community: 0, size: 12, members: ["n0", "n1", "n2"] },
        { community: 1, size: 10, members: ["n32", "n33"] },
      ],
    },
  ],
  shortest_path: [{ found: true, path: ["n0", "n8", "n33"], length: 2 }],
  get_graph_info: [
    { success: false, error_code: "GRAPH_NOT_LOADED", message: "No graph is loaded." },
  ],
};

const generatedAt = new Date("2025-01-02T03:04:05Z");

describe("renderAnalysisReport", () => {
  it("leads with the findings by real tool name, the raw fields in an appendix after", () => {
    const { markdown } = renderAnalysisReport({
      title: "Karate",
      sourceResults,
      format: "markdown",
      generatedAt,
    });
    const text = markdown ?? "";
    const headings = text.split("\n").filter((line) => /^###? /.test(line));
    expect(headings).toEqual([
      "## Findings",
      "### `node_centrality`",
      "### `community_detection`",
      "### `shortest_path`",
      "## Appendix: raw tool fields",
      "### `node_centrality`",
      "### `get_graph_info`",
    ]);
    // The ranking comes before any field of how the call ran.
    expect(text.indexOf("| # | id | score |")).toBeLessThan(text.indexOf("| status | ok |"));
    expect(text).toContain("2025-01-02T03:04:05.000Z");
    expect(text).toContain("not a proof of business correctness");
  });

  it("renders ranked lists as tables with a rank column and numbers to 6 significant digits", () => {
    const { markdown } = renderAnalysisReport({
      title: "K",
      sourceResults,
      format: "markdown",
      generatedAt,
    });
    const text = markdown ?? "";
    expect(text).toContain("| # | id | score |");
    expect(text).toContain("| 2 | n0 | 0.0970018 |");
    expect(text).toContain("| 3 | n32 | 0.0716921 |");
    // Communities: a facts table with modularity, then a table with sizes and members.
    expect(text).toContain("| modularity | 0.418803 |");
    expect(text).toContain("| 1 | 0 | 12 | n0, n1, n2 |");
    // Paths read as arrows; failures say so.
    expect(text).toContain("path: n0 → n8 → n33");
    expect(text).toContain("**The call failed: GRAPH\\_NOT\\_LOADED — No graph is loaded.**");
  });

  it("escapes HTML so a node id cannot inject markup, and stays self-contained", () => {
    const { html, markdown } = renderAnalysisReport({
      title: "<b>Report</b>",
      sourceResults,
      format: "html",
      generatedAt,
    });
    const page = html ?? "";
    expect(markdown).toBeNull();
    expect(page).not.toContain("<script");
    expect(page).not.toContain("<b>Report</b>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("<title>&lt;b&gt;Report&lt;/b&gt;</title>");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain("<style>");
    expect(page).not.toMatch(/(src|href)=|@import|url\(/);
    expect(page).toContain("<h2>Findings</h2>");
    expect(page).toContain("<h3><code>node_centrality</code></h3>");
    expect(page).toContain('<td class="number">0.418803</td>');
  });

  it("escapes Markdown so ids cannot become markup", () => {
    const { markdown } = renderAnalysisReport({
      title: "K",
      sourceResults,
      format: "markdown",
      generatedAt,
    });
    expect(markdown).toContain("\\<script\\>alert(1)\\</script\\>");
    expect(escapeMarkdown({ text: "a|b *c* [d](e) - f" })).toBe("a\\|b \\*c\\* \\[d\\](e) - f");
    expect(escapeMarkdown({ text: "1. item" })).toBe("1\\. item");
    expect(escapeMarkdown({ text: "- item" })).toBe("\\- item");
    expect(escapeMarkdown({ text: "# not a heading" })).toBe("\\# not a heading");
  });

  it("returns both formats when asked and notes an empty input", () => {
    const both = renderAnalysisReport({
      title: "Empty",
      sourceResults: {},
      format: "both",
      generatedAt,
    });
    expect(both.markdown).toContain("No tool results were given.");
    expect(both.html).toContain("No tool results were given.");
    expect(both.html).toContain(reportDisclaimer.slice(0, 40));
  });

  it("bounds long tables and says so", () => {
    const top = Array.from({ length: 120 }, (_, i) => ({ id: `n${i}`, score: i }));
    const { markdown } = renderAnalysisReport({
      title: "Big",
      sourceResults: { degree_analysis: [{ top }] },
      format: "markdown",
      generatedAt,
    });
    const rows = (markdown ?? "").split("\n").filter((line) => /^\| \d+ \| n\d+/.test(line));
    expect(rows).toHaveLength(50);
    expect(markdown).toContain("Showing 50 of 120 rows.");
  });
});

describe("formatNumber", () => {
  it("keeps integers and short numbers as given, rounds beyond 6 significant digits", () => {
    expect(formatNumber({ value: 123456789 })).toBe("123456789");
    expect(formatNumber({ value: 0.25 })).toBe("0.25");
    expect(formatNumber({ value: 0.41880341880341876 })).toBe("0.418803");
    expect(formatNumber({ value: 1.5000001 })).toBe("1.5");
    expect(formatNumber({ value: 1.234567891e-10 })).toBe("1.23457e-10");
    expect(formatNumber({ value: -12345.6789 })).toBe("-12345.7");
    expect(formatNumber({ value: 2.0000004e21 })).toBe("2.0000004e+21");
  });
});
