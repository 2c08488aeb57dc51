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

  it("refuses a *Vertices count far beyond what the file describes, before building anything", async () => {
    // Found from outside: a 29-byte "*Vertices 20000000" took 72 s and 2.9 GiB of the server's
    // memory, then failed with "Map maximum size exceeded" as a vague PARSE_ERROR.
    const started = performance.now();
    const failure = await failureOf(() =>
      constructFromPajek({ content: "*Vertices 20000000\n*Arcs\n1 2\n" }),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toBe(
      "The *Vertices line 1 declares 20,000,000 vertices, more than a file of 29 characters can describe (at most 1,000,000).",
    );
    expect(failure.details).toMatchObject({ line: 1, declared: 20_000_000, limit: 1_000_000 });
    // Isolated vertices without a line of their own stay allowed up to the bound.
    const graph = constructFromPajek({ content: "*Vertices 1000\n*Arcs\n1 2\n" });
    expect(graph.nodeIds).toHaveLength(1000);
  });

  it("refuses an unknown section with its line", async () => {
    const failure = await failureOf(() =>
      constructFromPajek({ content: "*Vertices 1\n*Matrix\n1\n" }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.details).toMatchObject({ line: 2, element: "*matrix" });
  });
});
