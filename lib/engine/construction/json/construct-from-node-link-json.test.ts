import { describe, expect, it } from "vitest";
import {
  expectMatchesReference,
  failureOf,
  loadFormatReference,
} from "../graph-file/testing/format-reference";
import { constructFromNodeLinkJson } from "./construct-from-node-link-json";

describe("constructFromNodeLinkJson", () => {
  it("builds NetworkX's node-link JSON like NetworkX reads it", () => {
    const { reference, bytes } = loadFormatReference("json");
    const graph = constructFromNodeLinkJson({ content: bytes });
    expectMatchesReference({ graph, reference });
  });

  it("takes d3's `edges`, numeric ids, node objects as endpoints, and `directed`", () => {
    const graph = constructFromNodeLinkJson({
      content: JSON.stringify({
        directed: true,
        nodes: [{ id: 1, name: "One", tags: ["x"] }, { id: 2 }],
        edges: [{ source: { id: 1 }, target: 2, value: 3 }],
      }),
    });
    expect(graph.directed).toBe(true);
    expect(graph.nodeIds).toEqual(["1", "2"]);
    expect(graph.nodeLabels).toEqual(["One", null]);
    expect(graph.nodeProperties[0]).toEqual({ name: "One", tags: '["x"]' });
    expect(graph.edgeProperties[0]).toEqual({ value: 3 });
  });

  it("refuses invalid JSON with its line and column", async () => {
    const failure = await failureOf(() =>
      constructFromNodeLinkJson({ content: '{\n "nodes": [\n  {"id": "a"},,\n ]\n}' }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.details).toMatchObject({ line: 3 });
    expect(typeof failure.details.column).toBe("number");
  });

  it("refuses a property nested too deeply to keep, naming it, instead of a vague failure", async () => {
    // Found from outside: 200,000 nested lists parse, but keeping them as text overflowed the
    // stack and the build failed "The graph could not be built from this file."
    const depth = 200_000;
    const nested = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    const failure = await failureOf(() =>
      constructFromNodeLinkJson({
        content: `{"nodes":[{"id":"a","x":${nested}},{"id":"b"}],"links":[{"source":"a","target":"b"}]}`,
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toBe(
      'The value of "x" in nodes[0] is nested too deeply to keep as a property.',
    );
    // Ordinary nesting is kept as its JSON text.
    const graph = constructFromNodeLinkJson({
      content: '{"nodes":[{"id":"a","x":[[1],{"k":2}]}],"links":[]}',
    });
    expect(graph.nodeProperties[0]).toEqual({ x: '[[1],{"k":2}]' });
  });

  it("refuses a link naming an undeclared node, naming the link", async () => {
    const failure = await failureOf(() =>
      constructFromNodeLinkJson({
        content: JSON.stringify({ nodes: [{ id: "a" }], links: [{ source: "a", target: "b" }] }),
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/Edge links\[0\] \(a → b\) names node "b"/);
    expect(failure.details).toMatchObject({ element: "links[0]", row: 1 });
  });
});
