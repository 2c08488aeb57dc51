import { describe, expect, it } from "vitest";
import {
  expectMatchesReference,
  failureOf,
  loadFormatReference,
} from "../graph-file/testing/format-reference";
import { constructFromPajek } from "./construct-from-pajek";

describe("constructFromPajek", () => {
  it("builds NetworkX's Pajek file like NetworkX reads it (*Arcs: directed, weights)", () => {
    const { reference, bytes } = loadFormatReference("pajek");
    const graph = constructFromPajek({ content: bytes });
    expectMatchesReference({ graph, reference, nodeKey: "label" });
    expect(graph.nodeIds).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("reads *Edges as undirected and declares vertices without lines", () => {
    const graph = constructFromPajek({
      content: '% a comment\n*Vertices 3\n1 "One"\n*Edges\n1 2 1.5\n2 3\n*Edgeslist\n3 1 2\n',
    });
    expect(graph.directed).toBe(false);
    expect(graph.nodeLabels).toEqual(["One", null, null]);
    expect(graph.edgeSources.length).toBe(4);
    expect([...(graph.edgeWeights ?? [])]).toEqual([1.5, 1, 1, 1]);
  });

  it("refuses an arc to a vertex outside *Vertices, naming the line", async () => {
    const failure = await failureOf(() =>
      constructFromPajek({ content: "*Vertices 2\n*Arcs\n1 2\n2 7\n" }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/Edge at line 4 \(2 → 7\) names node "7"/);
    expect(failure.details).toMatchObject({ line: 4 });
  });

  it("refuses an unknown section with its line", async () => {
    const failure = await failureOf(() =>
      constructFromPajek({ content: "*Vertices 1\n*Matrix\n1\n" }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.details).toMatchObject({ line: 2, element: "*matrix" });
  });
});
