import { describe, expect, it } from "vitest";
import {
  expectMatchesReference,
  failureOf,
  loadFormatReference,
} from "../graph-file/testing/format-reference";
import { constructFromGexf } from "./construct-from-gexf";

const gexf = (body: string, edgeType = "directed") => `<?xml version="1.0" encoding="UTF-8"?>
<gexf xmlns="http://gexf.net/1.3" version="1.3">
<graph defaultedgetype="${edgeType}">
<attributes class="node"><attribute id="0" title="score" type="double"/></attributes>
${body}
</graph>
</gexf>
`;

describe("constructFromGexf", () => {
  it("builds NetworkX's GEXF like NetworkX reads it (undirected, typed attvalues)", () => {
    const { reference, bytes } = loadFormatReference("gexf");
    const graph = constructFromGexf({ content: bytes });
    expectMatchesReference({ graph, reference });
    expect(graph.edgeTypeNames.sort()).toEqual(["owns", "pays"]);
    expect(graph.edgeProperties[0]).toEqual({ count: 2 });
  });

  it("reads defaultedgetype, labels, weights and kinds", () => {
    const graph = constructFromGexf({
      content: gexf(
        '<nodes><node id="1" label="One"><attvalues><attvalue for="0" value="0.5"/></attvalues></node><node id="2"/></nodes><edges><edge id="e" source="1" target="2" weight="4" kind="cites"/></edges>',
      ),
    });
    expect(graph.directed).toBe(true);
    expect(graph.nodeLabels).toEqual(["One", null]);
    expect(graph.nodeProperties[0]).toEqual({ score: 0.5 });
    expect([...(graph.edgeWeights ?? [])]).toEqual([4]);
    expect(graph.edgeTypeNames).toEqual(["cites"]);
  });

  it("refuses an edge naming an undeclared node, naming the edge", async () => {
    const failure = await failureOf(() =>
      constructFromGexf({
        content: gexf(
          '<nodes><node id="1"/></nodes><edges><edge id="e7" source="1" target="9"/></edges>',
        ),
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/Edge "e7" \(1 → 9\) names node "9"/);
    expect(failure.details.line).toBe(5);
  });

  it("refuses a truncated file with its position", async () => {
    const { bytes } = loadFormatReference("gexf");
    const failure = await failureOf(() => constructFromGexf({ content: bytes.subarray(0, 1500) }));
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.details).toHaveProperty("line");
    expect(failure.details).toHaveProperty("column");
  });

  it("refuses an attvalue that is not of its declared type", async () => {
    const failure = await failureOf(() =>
      constructFromGexf({
        content: gexf(
          '<nodes><node id="1"><attvalues><attvalue for="0" value="high"/></attvalues></node></nodes>',
        ),
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/"high" of "score" is not a number/);
  });

  it("says an integer attribute's bad value is not an integer, in plain English", async () => {
    // Found from outside: an upload with age "forty-five" was refused as "not a integer".
    const failure = await failureOf(() =>
      constructFromGexf({
        content: gexf(
          '<nodes><node id="1"><attvalues><attvalue for="0" value="forty-five"/></attvalues></node></nodes>',
        ).replace('title="score" type="double"', 'title="age" type="long"'),
      }),
    );
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toBe('The value "forty-five" of "age" is not an integer (line 5).');
  });
});
