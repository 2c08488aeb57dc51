import { describe, expect, it } from "vitest";
import {
  expectMatchesReference,
  failureOf,
  loadFormatReference,
} from "../graph-file/testing/format-reference";
import { constructFromGraphml } from "./construct-from-graphml";

const graphml = (body: string, edgedefault = "directed") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="w" for="edge" attr.name="weight" attr.type="double"/>
<key id="n" for="node" attr.name="count" attr.type="int"><default>7</default></key>
<graph edgedefault="${edgedefault}">
${body}
</graph>
</graphml>
`;

describe("constructFromGraphml", () => {
  it("builds NetworkX's GraphML like NetworkX reads it (types, labels, weights)", () => {
    const { reference, bytes } = loadFormatReference("graphml");
    const graph = constructFromGraphml({ content: bytes });
    expectMatchesReference({ graph, reference });
    expect(graph.edgeWeightColumn).toBe("weight");
    expect(graph.edgeTypeNames.sort()).toEqual(["owns", "pays"]);
    // Declared long stays a number; the edge's other attribute is kept typed.
    expect(graph.edgeProperties[0]).toEqual({ count: 2 });
  });

  it("reads the direction from edgedefault and fills key defaults", () => {
    const graph = constructFromGraphml({
      content: graphml(
        '<node id="a"/><node id="b"><data key="n">3</data></node><edge source="a" target="b"/>',
        "undirected",
      ),
    });
    expect(graph.directed).toBe(false);
    expect(graph.nodeProperties).toEqual([{ count: 7 }, { count: 3 }]);
    expect(graph.edgeWeights).toBeNull();
  });

  it("accepts edges before the nodes they name", () => {
    const graph = constructFromGraphml({
      content: graphml(
        '<edge source="a" target="b"><data key="w">2.5</data></edge><node id="a"/><node id="b"/>',
      ),
    });
    expect(graph.nodeIds).toEqual(["a", "b"]);
    expect([...(graph.edgeWeights ?? [])]).toEqual([2.5]);
  });

  it("keeps the weight as a property when weighted is false", () => {
    const graph = constructFromGraphml({
      content: graphml(
        '<node id="a"/><node id="b"/><edge source="a" target="b"><data key="w">2.5</data></edge>',
      ),
      weighted: false,
    });
    expect(graph.edgeWeights).toBeNull();
    expect(graph.edgeProperties[0]).toEqual({ weight: 2.5 });
  });

  it("refuses an edge naming an undeclared node, naming the edge and its line", async () => {
    const failure = await failureOf(() =>
      constructFromGraphml({
        content: graphml('<node id="a"/>\n<edge id="e1" source="a" target="ghost"/>'),
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/Edge "e1" \(a → ghost\) names node "ghost"/);
    expect(failure.details).toMatchObject({ line: 7, element: "edge", node: "ghost" });
  });

  it("refuses a truncated file with the line and column where it ends", async () => {
    const { bytes } = loadFormatReference("graphml");
    const cut = bytes.subarray(0, Math.floor(bytes.length * 0.6));
    const failure = await failureOf(() => constructFromGraphml({ content: cut }));
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/not well-formed XML at line \d+, column \d+/);
    expect(failure.details.line).toBeGreaterThan(10);
    expect(typeof failure.details.column).toBe("number");
  });

  it("refuses a value that is not of its declared type", async () => {
    const failure = await failureOf(() =>
      constructFromGraphml({ content: graphml('<node id="a"><data key="n">many</data></node>') }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/"many" of "count" is not an integer/);
    expect(failure.details).toMatchObject({ line: 6, attribute: "count" });
  });

  it("refuses a non-numeric weight naming the edge", async () => {
    const failure = await failureOf(() =>
      constructFromGraphml({
        content: graphml(
          '<key id="s" for="edge" attr.name="weight" attr.type="string"/><node id="a"/><node id="b"/><edge source="a" target="b"><data key="s">heavy</data></edge>',
        ).replace('<key id="w" for="edge" attr.name="weight" attr.type="double"/>', ""),
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/Edge 1 \(a → b\) has the weight "heavy"/);
  });

  it("never expands entities a DTD declares (no billion laughs), refusing them with a position", async () => {
    const failure = await failureOf(() =>
      constructFromGraphml({
        content:
          '<?xml version="1.0"?>\n<!DOCTYPE graphml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<graphml><graph><node id="&b;"/></graph></graphml>',
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/undefined entity/);
    expect(failure.details).toMatchObject({ line: 3 });
  });

  it("skips yEd's graphics keys with the XML inside their data, and graph-level data", () => {
    const graph = constructFromGraphml({
      content: `<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:y="http://www.yworks.com/xml/graphml">
<key id="g" for="graph" attr.name="title" attr.type="string"/>
<key id="d6" for="node" yfiles.type="nodegraphics"/>
<key id="d1" for="node" attr.name="label" attr.type="string"/>
<graph id="G" edgedefault="directed">
<data key="g">A map</data>
<node id="n0"><data key="d1">Start</data><data key="d6"><y:ShapeNode><y:NodeLabel>ignored</y:NodeLabel></y:ShapeNode></data></node>
<node id="n1"/>
<edge id="e0" source="n0" target="n1"/>
</graph>
</graphml>`,
    });
    expect(graph.nodeLabels).toEqual(["Start", null]);
    expect(graph.nodeProperties).toEqual([null, null]);
    expect(graph.edgeSources.length).toBe(1);
  });
});
