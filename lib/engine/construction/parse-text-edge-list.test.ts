import { describe, expect, it } from "vitest";
import { EngineError } from "../engine-error";
import { GraphBuilder } from "../graph/graph-builder";
import { parseTextEdgeList } from "./parse-text-edge-list";

/** What GraphBuilder makes of the same edges: the parser must produce exactly this. */
function built(directed: boolean, edges: [string, string, number?][], weightColumn?: string) {
  const builder = new GraphBuilder({ directed });
  if (weightColumn) builder.setWeightColumn({ column: weightColumn });
  for (const [source, target, weight] of edges) builder.addEdge(source, target, { weight });
  return builder.build();
}

function parseErrorOf(input: string, weighted?: boolean) {
  try {
    parseTextEdgeList({ input, weighted });
  } catch (error) {
    if (EngineError.isInstance(error)) return { code: error.code, ...error.details };
    throw error;
  }
  throw new Error("expected a parse error");
}

describe("parseTextEdgeList", () => {
  it("reads SNAP-style lists: comments, blank lines, tabs, \\r\\n, a BOM", () => {
    const input =
      "\uFEFF# FromNodeId\tToNodeId\r\n1\t2\r\n\r\n  2   3  \n# trailing\n3 1 # inline\n";
    expect(parseTextEdgeList({ input })).toEqual(
      built(false, [
        ["1", "2"],
        ["2", "3"],
        ["3", "1"],
      ]),
    );
  });

  it("equals GraphBuilder's output, ids in order of first appearance, bytes or text", () => {
    const input = "10 7\n007 7\nalpha 10\nß 7\n";
    const expected = built(true, [
      ["10", "7"],
      ["007", "7"],
      ["alpha", "10"],
      ["ß", "7"],
    ]);
    expect(parseTextEdgeList({ input, directed: true })).toEqual(expected);
    const bytes = new TextEncoder().encode(input);
    expect(parseTextEdgeList({ input: bytes, directed: true })).toEqual(expected);
    // "007" and "7" are different ids, as strings are.
    expect(expected.nodeIds).toEqual(["10", "7", "007", "alpha", "ß"]);
  });

  it("reads an optional weight column when weighted, ignores extra columns", () => {
    const input = "a b 2.5\nb c\nc a 1e-3 1700000000\nd e -4\n";
    const expected = built(
      false,
      [
        ["a", "b", 2.5],
        ["b", "c"],
        ["c", "a", 0.001],
        ["d", "e", -4],
      ],
      "column 3",
    );
    expect(parseTextEdgeList({ input, weighted: true })).toEqual(expected);
    // Read_Ncol's default: a numeric third column is the weight without being asked.
    expect(parseTextEdgeList({ input })).toEqual(expected);
    const unweighted = parseTextEdgeList({ input, weighted: false });
    expect(unweighted.edgeWeights).toBeNull();
    expect(unweighted.edgeWeightColumn).toBeUndefined();
  });

  it("keeps a weight column of all 1s: the graph says truthfully that weights were read", () => {
    const graph = parseTextEdgeList({ input: "a b 1\nb c 1.0\n" });
    expect(Array.from(graph.edgeWeights ?? [])).toEqual([1, 1]);
    expect(graph.edgeWeightColumn).toBe("column 3");
  });

  it("names the weight column after a header comment that names every column", () => {
    const named = parseTextEdgeList({ input: "# source target weight\n1 2 0.5\n2 3 2\n" });
    expect(named.edgeWeightColumn).toBe("weight");
    expect(Array.from(named.edgeWeights ?? [])).toEqual([0.5, 2]);
    const banner = parseTextEdgeList({ input: "# Nodes: 3 Edges: 2\n1 2 0.5\n2 3 2\n" });
    expect(banner.edgeWeightColumn).toBe("column 3");
    const late = parseTextEdgeList({ input: "# from to cost\n1 2\n2 3 7\n" });
    // The header names the columns of the first line that has a weight, not the first line.
    expect(late.edgeWeightColumn).toBe("cost");
    expect(Array.from(late.edgeWeights ?? [])).toEqual([1, 7]);
  });

  it("by default ignores a first third column that is not a number, and refuses a later one", () => {
    const relations = parseTextEdgeList({ input: "a b friend\nb c 3\n" });
    expect(relations.edgeWeights).toBeNull();
    expect(parseErrorOf("a b 2\nb c friend\n")).toEqual({
      code: "PARSE_ERROR",
      line: 2,
      column: 5,
    });
    expect(parseErrorOf("a b 1e999\n")).toMatchObject({ code: "PARSE_ERROR", line: 1 });
  });

  it("refuses weighted: true without any third column", () => {
    expect(parseErrorOf("a b\nb c\n", true)).toMatchObject({ code: "PARSE_ERROR" });
    expect(parseTextEdgeList({ input: "# empty\n", weighted: true }).edgeWeights).toBeNull();
  });

  it("parses decimal weights exactly like Number()", () => {
    const values = ["0.1", "123.456", "-0.000001", "3.14159265358979", "12345678901234567", "7"];
    const input = values.map((value, i) => `${i} ${i + 1} ${value}`).join("\n");
    const graph = parseTextEdgeList({ input, weighted: true });
    expect(Array.from(graph.edgeWeights ?? [])).toEqual(values.map(Number));
  });

  it("reports a missing target with 1-based line and column", () => {
    expect(parseErrorOf("1 2\n\n  3\n")).toEqual({ code: "PARSE_ERROR", line: 3, column: 4 });
    expect(parseErrorOf("1 2\nab # comment\n")).toMatchObject({ line: 2, column: 3 });
  });

  it("reports a non-numeric weight at its column, counting characters not bytes", () => {
    expect(parseErrorOf("a b 1\nß c x1\n", true)).toEqual({
      code: "PARSE_ERROR",
      line: 2,
      column: 5,
    });
    expect(parseErrorOf("a b 0x10\n", true)).toMatchObject({ line: 1, column: 5 });
    expect(parseErrorOf("a b Infinity\n", true)).toMatchObject({ line: 1, column: 5 });
    expect(parseErrorOf("a b 1e999\n", true)).toMatchObject({ line: 1, column: 5 });
  });

  it("refuses binary input", () => {
    expect(parseErrorOf("1 2\n3\u00004 5\n")).toMatchObject({ code: "UNSUPPORTED_FILE", line: 2 });
  });

  it("gives an empty graph for a file of comments", () => {
    const graph = parseTextEdgeList({ input: "# nothing\n\n" });
    expect(graph.nodeIds).toEqual([]);
    expect(graph.edgeSources.length).toBe(0);
    expect(graph).toEqual(built(false, []));
  });

  it("handles ids beyond the dense table", () => {
    const graph = parseTextEdgeList({ input: "999999999999 5\n5 4194304\n" });
    expect(graph.nodeIds).toEqual(["999999999999", "5", "4194304"]);
  });
});
