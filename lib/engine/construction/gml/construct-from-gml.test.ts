import { describe, expect, it } from "vitest";
import {
  expectMatchesReference,
  failureOf,
  loadFormatReference,
} from "../graph-file/testing/format-reference";
import { constructFromGml } from "./construct-from-gml";

describe("constructFromGml", () => {
  it("builds NetworkX's GML like NetworkX reads it (ids, labels, numbers vs strings)", () => {
    const { reference, bytes } = loadFormatReference("gml");
    const graph = constructFromGml({ content: bytes });
    // NetworkX keys GML nodes by label; the file's ids are the node ids here.
    expectMatchesReference({ graph, reference, nodeKey: "label" });
    expect(graph.nodeIds).toEqual(["0", "1", "2", "3", "4"]);
  });

  it("reads directed 0, strings with entities, and skips nested lists", () => {
    const graph = constructFromGml({
      content: `Creator "test"
graph [
  directed 0
  node [ id 1 label "say &quot;hi&quot;" size 2.5 graphics [ x 1 y 2 ] ]
  node [ id 2 name "Two" ]
  edge [ source 1 target 2 weight 3 note "x" ]
]`,
    });
    expect(graph.directed).toBe(false);
    expect(graph.nodeLabels).toEqual(['say "hi"', "Two"]);
    expect(graph.nodeProperties[0]).toEqual({ size: 2.5 });
    expect([...(graph.edgeWeights ?? [])]).toEqual([3]);
    expect(graph.edgeProperties[0]).toEqual({ note: "x" });
  });

  it("refuses a missing closing bracket, naming where the block opened", async () => {
    const failure = await failureOf(() =>
      constructFromGml({ content: "graph [\n  node [ id 1\n  node [ id 2 ]\n" }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/a "\]" is missing/);
    expect(failure.details).toMatchObject({ line: 2, column: 8 });
  });

  it("refuses a value where a key belongs, with line and column", async () => {
    const failure = await failureOf(() =>
      constructFromGml({ content: 'graph [\n  node [ id 1 ]\n  "stray"\n]' }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.details).toMatchObject({ line: 3, column: 3 });
  });

  it("refuses an edge naming an undeclared node", async () => {
    const failure = await failureOf(() =>
      constructFromGml({
        content: "graph [\n directed 1\n node [ id 1 ]\n edge [ source 1 target 5 ]\n]",
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/Edge 1 \(1 → 5\) names node "5"/);
    expect(failure.details).toMatchObject({ line: 4, element: "edge" });
  });
});
