import { describe, expect, it } from "vitest";
import { readLead, splitSentences, stripIgnoredText } from "./answer-lead";

describe("readLead", () => {
  it("is the first paragraph, ending at a blank line", () => {
    expect(readLead("The graph has 78 edges.\nIt is undirected.\n\nMore text.")).toBe(
      "The graph has 78 edges.\nIt is undirected.",
    );
  });

  it("skips headings before the paragraph", () => {
    expect(readLead("## Result\n\n**Summary**\n\nn33 leads with 17.\n")).toBe("n33 leads with 17.");
  });

  it("ends at a table or a bold heading line", () => {
    expect(readLead("n33 leads.\n| Rank | Node |\n| --- | --- |\n| 1 | n0 |")).toBe("n33 leads.");
    expect(readLead("n33 leads.\n**Top 10 by degree**\n- n0")).toBe("n33 leads.");
  });

  it("has no lead when the answer opens with a table", () => {
    expect(readLead("| Node | Degree |\n| --- | --- |\n| n33 | 17 |\n\nn33 leads.")).toBe("");
  });

  it("ignores the evidence footer and UUIDs", () => {
    const answer =
      "_Sources: get_graph_info (nodes 34, edges 78)_\nThe graph has 34 nodes (dataset 3e6727d0-7711-4e4c-9ef5-d62a73e143c9).";
    expect(readLead(answer)).toBe("The graph has 34 nodes (dataset ).");
    expect(stripIgnoredText("a\n_依据: 图已核实，版本 1_\nb")).toBe("a\nb");
  });
});

describe("splitSentences", () => {
  it("splits at sentence ends but not inside figures or ids", () => {
    expect(splitSentences("The value is 0.57. Next one! 然后。最后")).toEqual([
      "The value is 0.57.",
      "Next one!",
      "然后。",
      "最后",
    ]);
    expect(splitSentences("products:9 and\nproducts:14 go together.")).toEqual([
      "products:9 and products:14 go together.",
    ]);
  });
});
