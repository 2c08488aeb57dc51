import { describe, expect, it } from "vitest";
import { toolResultTables } from "./tool-result-tables";

describe("toolResultTables", () => {
  it("shows a ranking with identity columns first and the measure after", () => {
    const [table] = toolResultTables({
      toolName: "degree_analysis",
      data: {
        top: [
          { rank: 1, id: "n33", label: "n33", type: "default", degree: 17, strength: 20.5 },
          { rank: 2, id: "n0", label: "n0", type: "default", degree: 16, strength: 18 },
        ],
        histogram: [{ degree: 1, count: 3 }],
        total: 34,
        truncated: true,
      },
    });
    expect(table.caption).toBe("Ranking");
    expect(table.columns).toEqual(["rank", "id", "label", "type", "degree", "strength"]);
    expect(table.rows[0]).toEqual([1, "n33", "n33", "default", 17, 20.5]);
    expect(table.total).toBe(34);
  });

  it("shows query_graph rows under their columns, with the row count", () => {
    const [table] = toolResultTables({
      toolName: "query_graph",
      data: {
        sql: "select 1",
        columns: ["segment", "total"],
        rows: [
          ["wholesale", 52579],
          ["online", 50851.11],
        ],
        row_count: 3,
        truncated: true,
      },
    });
    expect(table).toMatchObject({
      key: "rows",
      columns: ["segment", "total"],
      rows: [
        ["wholesale", 52579],
        ["online", 50851.11],
      ],
      total: 3,
      truncated: true,
    });
  });

  it("shows graph metrics as metric / value and paths as arrows", () => {
    const tables = toolResultTables({
      toolName: "graph_metrics",
      data: { metrics: { diameter: 5, has_cycle: true, example_cycle: ["n0", "n1", "n2"] } },
    });
    expect(tables[0].rows).toEqual([
      ["diameter", 5],
      ["has_cycle", true],
      ["example_cycle", "n0 → n1 → n2"],
    ]);
    const [paths] = toolResultTables({
      toolName: "shortest_path",
      data: { paths: [{ rank: 1, length: 2, path: ["n0", "n8", "n33"] }] },
    });
    expect(paths.rows[0]).toEqual([1, 2, "n0 → n8 → n33"]);
  });

  it("lists community members with commas, keeping arrows for paths", () => {
    const [table] = toolResultTables({
      toolName: "community_detection",
      data: { communities: [{ community: 0, size: 3, members: ["n0", "n1", "n2"] }] },
    });
    expect(table.rows[0]).toEqual([0, 3, "n0, n1, n2"]);
  });

  it("shows a trained model's metrics with one row per part and one column per metric", () => {
    const [table] = toolResultTables({
      toolName: "train",
      data: {
        metrics: {
          test: { loss: 0.11, accuracy: 0.875 },
          train: { loss: 0.03, accuracy: 1 },
          val: { loss: 0.01, accuracy: 1 },
        },
      },
    });
    expect(table.columns).toEqual(["part", "loss", "accuracy"]);
    expect(table.rows).toEqual([
      ["train", 0.03, 1],
      ["val", 0.01, 1],
      ["test", 0.11, 0.875],
    ]);
  });

  it("has nothing to show for results without a list", () => {
    expect(toolResultTables({ toolName: "get_graph_info", data: { nodes: 3 } })).toEqual([]);
    expect(toolResultTables({ toolName: "x", data: null })).toEqual([]);
  });
});
