import { describe, expect, it } from "vitest";
import { renderAnswer } from "./answer-document";
import { roundsAny } from "./format-figures";
import { readableSource, readableSources } from "./readable-sources";

const graph =
  'graph verified by load_constructed_graph: dataset "karate" (017d79a3-7b99-4c0b-8410-af952878cdcf), revision 1, 34 nodes, 78 edges';

describe("readableSources", () => {
  it("names the measure, the dataset and the arguments in words, without ids", () => {
    const [verified, ranking] = readableSources([
      graph,
      'node_centrality {"algorithm":"pagerank","top_k":10}',
    ]);
    expect(verified?.label).toBe(
      'graph verified by load_constructed_graph: dataset "karate", revision 1, 34 nodes, 78 edges',
    );
    expect(ranking?.label).toBe("PageRank on karate (top 10)");
  });

  it("keeps SQL apart, unescaped, for a code block", () => {
    const source = readableSource(
      `query_graph ${JSON.stringify({ sql: 'SELECT "id"\nFROM "orders"', limit: 100 })}`,
      "shop",
    );
    expect(source).toEqual({
      label: "SQL query on shop (limit 100)",
      sql: 'SELECT "id"\nFROM "orders"',
    });
  });

  it("says communities by their algorithm and leaves other sources as written", () => {
    expect(readableSource('community_detection {"algorithm":"louvain"}', null).label).toBe(
      "Louvain communities",
    );
    expect(readableSource("propose_skill", null).label).toBe("propose_skill");
  });

  it("renders a chat answer's sources without escaped quotes, the SQL as code", () => {
    const text = renderAnswer({
      format: "chat",
      document: {
        title: "t",
        labels: { conclusion: "Conclusion", sources: "Sources", notes: "Notes", rounding: "r" },
        parts: [
          {
            summary: ["Customer 26 spent the most."],
            sections: [],
            notes: [],
            succeeded: true,
            sources: [
              'graph verified by get_graph_info: dataset "shop" (a91da86c-cde6-4e1c-a063-2fcc20db4cde)',
              `query_graph ${JSON.stringify({ sql: 'SELECT "id" FROM "orders"', limit: 100 })}`,
            ],
          },
        ],
      },
    });
    expect(text).not.toContain('\\"');
    expect(text).toContain(
      '_Sources: graph verified by get_graph_info: dataset "shop"; SQL query on shop (limit 100)_',
    );
    expect(text).toContain('```sql\nSELECT "id" FROM "orders"\n```');
  });
});

describe("roundsAny", () => {
  it("is false for integer degrees and exact short figures, true when digits are dropped", () => {
    expect(roundsAny([17, 16, 12])).toBe(false);
    expect(roundsAny([0.5, 0.25])).toBe(false);
    expect(roundsAny([0.100919, 17])).toBe(true);
    expect(roundsAny([null, undefined])).toBe(false);
  });
});
