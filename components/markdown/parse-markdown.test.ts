import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./parse-markdown";

describe("parseMarkdown", () => {
  it("reads the blocks an answer is made of", () => {
    const blocks = parseMarkdown(
      [
        "Louvain finds **6** communities.",
        "",
        "**customers by betweenness**",
        "",
        "| Rank | Node | Score |",
        "| --- | --- | ---: |",
        "| 1 | Customer 1 (customers:1) | 0.5 |",
        "| 2 | a \\| b | 0 |",
        "",
        "- first",
        "- second",
        "  continued",
        "",
        "1. one",
        "2. two",
        "",
        "## Heading",
        "```",
        "<script>alert(1)</script>",
        "```",
        "---",
      ].join("\n"),
    );
    expect(blocks.map((block) => block.kind)).toEqual([
      "paragraph",
      "paragraph",
      "table",
      "list",
      "list",
      "heading",
      "code",
      "rule",
    ]);
    const table = blocks[2];
    if (table.kind !== "table") throw new Error("expected a table");
    expect(table.header.map((cell) => cell.plain)).toEqual(["Rank", "Node", "Score"]);
    expect(table.align).toEqual([null, null, "right"]);
    expect(table.rows.map((row) => row.map((cell) => cell.plain))).toEqual([
      ["1", "Customer 1 (customers:1)", "0.5"],
      ["2", "a | b", "0"],
    ]);
    const list = blocks[3];
    if (list.kind !== "list") throw new Error("expected a list");
    expect(list.items.map((item) => item.plain)).toEqual(["first", "second continued"]);
    expect(blocks[4]).toMatchObject({ kind: "list", ordered: true, start: 1 });
    expect(blocks[6]).toEqual({ kind: "code", text: "<script>alert(1)</script>" });
  });

  it("reads a quote as one block, so a report's caveat shows no literal '>'", () => {
    const blocks = parseMarkdown(
      "Intro\n\n> **Note.** This report explains results;\n> it is not a proof.\n\nAfter",
    );
    expect(blocks.map((block) => block.kind)).toEqual(["paragraph", "quote", "paragraph"]);
    const quote = blocks[1];
    expect(quote.kind === "quote" && quote.content.plain).toBe(
      "Note. This report explains results; it is not a proof.",
    );
  });

  it("keeps unfinished markup (mid-stream) as text", () => {
    const blocks = parseMarkdown("Half **bold and | a table");
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({
      kind: "paragraph",
      content: { plain: "Half **bold and | a table" },
    });
  });
});

describe("parseInline", () => {
  it("reads bold, italics, code and http links only", () => {
    expect(parseInline("**a** _b_ `c` [d](https://x.test/y) [e](javascript:alert(1))")).toEqual([
      { kind: "strong", children: [{ kind: "text", text: "a" }] },
      { kind: "text", text: " " },
      { kind: "em", children: [{ kind: "text", text: "b" }] },
      { kind: "text", text: " " },
      { kind: "code", text: "c" },
      { kind: "text", text: " " },
      { kind: "link", href: "https://x.test/y", children: [{ kind: "text", text: "d" }] },
      { kind: "text", text: " [e](javascript:alert(1))" },
    ]);
  });

  it("keeps underscores inside names and closes italics at the end", () => {
    expect(parseInline("_Sources: load_constructed_graph; node_centrality_")).toEqual([
      {
        kind: "em",
        children: [{ kind: "text", text: "Sources: load_constructed_graph; node_centrality" }],
      },
    ]);
  });
});
