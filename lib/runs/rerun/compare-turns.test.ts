import { describe, expect, it } from "vitest";
import { compareTurns } from "./compare-turns";
import { readTurnEvidence } from "./turn-evidence";

type Row = { id: string; label: string; score: number };

function ranking(rows: Row[], answer: string) {
  return readTurnEvidence({
    answer,
    toolCalls: [
      {
        toolName: "load_constructed_graph",
        args: { dataset_id: "d1" },
        result: { success: true, data: { loaded: true, revision: 1, nodes: 4, edges: 3 } },
      },
      {
        toolName: "node_centrality",
        args: { algorithm: "pagerank" },
        result: {
          success: true,
          data: {
            algorithm: "pagerank",
            total: 4,
            top: rows.map((row, index) => ({ ...row, rank: index + 1, type: "people" })),
          },
        },
      },
    ],
  });
}

const ada = { id: "p:1", label: "Ada" };
const bo = { id: "p:2", label: "Bo" };
const cy = { id: "p:3", label: "Cy" };

describe("compareTurns", () => {
  it("reports a new leader place by place and each reported score that moved", () => {
    const before = ranking(
      [
        { ...ada, score: 0.5 },
        { ...bo, score: 0.3 },
        { ...cy, score: 0.2 },
      ],
      "Ada (p:1) leads with 0.500, then Bo (p:2) with 0.300. The graph has 4 nodes.",
    );
    const after = ranking(
      [
        { ...cy, score: 0.45 },
        { ...ada, score: 0.35 },
        { ...bo, score: 0.2 },
      ],
      "Cy (p:3) leads with 0.450, then Ada (p:1) with 0.350. The graph has 4 nodes.",
    );
    const comparison = compareTurns({ before, after });
    expect(comparison.changed).toBe(true);
    expect(comparison.changes.filter((change) => change.kind === "entity")).toEqual([
      { kind: "entity", name: "#1 by pagerank", before: "Ada (p:1)", after: "Cy (p:3)" },
      { kind: "entity", name: "#2 by pagerank", before: "Bo (p:2)", after: "Ada (p:1)" },
    ]);
    expect(comparison.changes.filter((change) => change.kind === "figure")).toEqual([
      { kind: "figure", name: "pagerank score of Ada (p:1)", before: 0.5, after: 0.35 },
      { kind: "figure", name: "pagerank score of Bo (p:2)", before: 0.3, after: 0.2 },
      { kind: "figure", name: "pagerank score of Cy (p:3)", before: 0.2, after: 0.45 },
    ]);
    // The graph's size is reported on both sides and did not change; the row count is no figure.
    expect(comparison.after?.figures).toContainEqual({ name: "graph nodes", value: 4 });
    expect(comparison.after?.figures.some((figure) => figure.name.includes("total"))).toBe(false);
    expect(comparison.after?.entities).toEqual(["Cy (p:3)", "Ada (p:1)"]);
    expect(comparison.changes.at(-1)).toMatchObject({ kind: "answer" });
  });

  it("counts a score as unchanged when it prints the same, and ignores the cited revision", () => {
    const rows = (score: number) => [
      { ...ada, score },
      { ...bo, score: 0.1 },
    ];
    const before = ranking(
      rows(0.47567),
      "Ada (p:1) has the highest PageRank (0.4757), revision 1.",
    );
    const after = ranking(
      rows(0.47571),
      "Ada (p:1) has the highest PageRank (0.4757), revision 2.",
    );
    expect(compareTurns({ before, after })).toMatchObject({ changed: false, changes: [] });
    const moved = ranking(rows(0.4762), "Ada (p:1) has the highest PageRank (0.4762), revision 2.");
    expect(compareTurns({ before, after: moved }).changes).toEqual([
      { kind: "figure", name: "pagerank score of Ada (p:1)", before: 0.47567, after: 0.4762 },
      expect.objectContaining({ kind: "answer" }),
    ]);
  });

  it("ignores the revision a budget-stopped answer cites in its list of what was done", () => {
    const stopped = (revision: number) =>
      readTurnEvidence({
        answer: [
          "Stopped: tool-call budget of 1 reached (1 tool call ran).",
          "Done before the stop (1 tool call):",
          `- load_constructed_graph (succeeded): loaded=true, dataset_id=d1, revision=${revision}, version=1, …`,
          "Not started: get_graph_info.",
        ].join("\n"),
        toolCalls: [
          {
            toolName: "load_constructed_graph",
            args: { dataset_id: "d1" },
            result: {
              success: true,
              data: { loaded: true, dataset_id: "d1", revision, version: 1 },
            },
          },
        ],
      });
    expect(compareTurns({ before: stopped(1), after: stopped(2) })).toMatchObject({
      changed: false,
      changes: [],
    });
  });

  it("takes a node's number only where the answer names that node", () => {
    const evidence = ranking(
      [
        { ...ada, score: 3 },
        { ...bo, score: 2 },
      ],
      "Ada (p:1) scores 3.",
    );
    const { before } = compareTurns({ before: evidence, after: null });
    expect(before.figures).toEqual([{ name: "pagerank score of Ada (p:1)", value: 3 }]);
    expect(before.entities).toEqual(["Ada (p:1)"]);
  });

  it("compares the printed numbers in order when no tool result stands behind the answers", () => {
    const before = readTurnEvidence({ answer: "About 120 orders, 15% returned.", toolCalls: [] });
    const after = readTurnEvidence({ answer: "About 125 orders, 15% returned.", toolCalls: [] });
    const comparison = compareTurns({ before, after });
    expect(comparison.before.figures).toEqual([
      { name: "figure 1 of the answer", value: 120 },
      { name: "figure 2 of the answer", value: 0.15 },
    ]);
    expect(comparison.changes[0]).toEqual({
      kind: "figure",
      name: "figure 1 of the answer",
      before: 120,
      after: 125,
    });
  });
});
