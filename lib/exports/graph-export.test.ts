import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { graphExportFormats } from "@/lib/contracts/graph-export";
import type { GraphData, Properties } from "@/lib/engine/graph/graph-data";
import { csvLine } from "./csv-field";
import { exportFileName } from "./export-file-name";
import { buildExportModel, hasParallelEdges } from "./export-model";
import { gmlKey, gmlReal, gmlString } from "./gml-text";
import { graphExportChunks } from "./graph-export-stream";
import { writeGraphml } from "./write-graphml";
import { escapeXml } from "./xml-text";

function graph(input: {
  directed?: boolean;
  nodes: [id: string, label: string | null, properties: Properties][];
  edges: [source: number, target: number, properties: Properties][];
  weights?: number[];
}): GraphData {
  return {
    directed: input.directed ?? true,
    nodeIds: input.nodes.map(([id]) => id),
    nodeTypeIndex: new Uint16Array(input.nodes.length),
    nodeTypeNames: ["person"],
    nodeLabels: input.nodes.map(([, label]) => label),
    nodeProperties: input.nodes.map(([, , properties]) => properties),
    edgeSources: Int32Array.from(input.edges.map(([source]) => source)),
    edgeTargets: Int32Array.from(input.edges.map(([, target]) => target)),
    edgeWeights: input.weights ? Float64Array.from(input.weights) : null,
    edgeTypeIndex: new Uint16Array(input.edges.length),
    edgeTypeNames: ["knows"],
    edgeProperties: input.edges.map(([, , properties]) => properties),
  };
}

function text(chunks: Iterable<Uint8Array>): string {
  return Buffer.concat([...chunks]).toString("utf8");
}

const hostile = graph({
  nodes: [
    ['a "quoted"', "<Admin> & co", { note: "line1\nline2", rank: 1, type: "clash" }],
    ["b,c", null, { note: "ünï 🚀", rank: 2.5, flag: true }],
  ],
  edges: [
    [0, 1, { memo: "tab\there", count: 3 }],
    [0, 1, { memo: "=SUM(A1)", count: null }],
  ],
  weights: [1.5, 2],
});

describe("escaping", () => {
  it("escapes XML markup and keeps line breaks and tabs as references", () => {
    expect(escapeXml(`<a href="x">&'\t\n\r`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&#9;&#10;&#13;",
    );
    expect(escapeXml("bad\u0001\ud800end 🚀")).toBe("bad\ufffd\ufffdend 🚀");
  });

  it("writes GML strings, reals and keys as NetworkX reads them", () => {
    expect(gmlString('say "hi" & 🚀\n')).toBe('"say &#34;hi&#34; &#38; &#128640;&#10;"');
    expect([gmlReal(3), gmlReal(0.5), gmlReal(1e-7), gmlReal(Number.NaN), gmlReal(-1 / 0)]).toEqual(
      ["3.0", "0.5", "1.0e-7", "NAN", "-INF"],
    );
    expect([gmlKey("unit price"), gmlKey("2nd")]).toEqual(["unit_price", "p2nd"]);
  });

  it("quotes CSV fields that need it, and only those", () => {
    expect(csvLine(["plain", 'say "hi"', "a,b", "x\ny", " pad", null, 2.5, true])).toBe(
      'plain,"say ""hi""","a,b","x\ny"," pad",,2.5,true\r\n',
    );
  });
});

describe("the export model", () => {
  it("declares one type per property, widening long to double and mixed to string", () => {
    const model = buildExportModel({
      graph: graph({
        nodes: [
          ["a", null, { whole: 1, mixed: 1, real: 1, yes: true }],
          ["b", null, { whole: 2, mixed: "x", real: 0.5, yes: false }],
        ],
        edges: [],
      }),
      naming: { reservedNodeNames: ["id"], reservedEdgeNames: [] },
    });
    expect(model.nodeAttributes.map((a) => [a.name, a.kind])).toEqual([
      ["whole", "long"],
      ["mixed", "string"],
      ["real", "double"],
      ["yes", "boolean"],
    ]);
    expect(model.nodeAttributes[1].read(0)).toBe("1");
  });

  it("renames a property that clashes with the format's own fields or an asked measure", () => {
    const model = buildExportModel({
      graph: hostile,
      naming: { reservedNodeNames: ["id", "label", "type"], reservedEdgeNames: [] },
      measures: [{ name: "rank", kind: "double", values: [0.1, 0.2] }],
    });
    expect(model.nodeAttributes.map((a) => a.name)).toEqual([
      "note",
      "rank_property",
      "type_property",
      "flag",
      "rank",
    ]);
    expect(model.nodeAttributes[4].read(1)).toBe(0.2);
  });

  it("finds parallel edges in either direction only when undirected", () => {
    const directed = graph({
      nodes: [
        ["a", null, null],
        ["b", null, null],
      ],
      edges: [
        [0, 1, null],
        [1, 0, null],
      ],
    });
    expect(hasParallelEdges(directed)).toBe(false);
    expect(hasParallelEdges({ ...directed, directed: false })).toBe(true);
    expect(hasParallelEdges(hostile)).toBe(true);
  });
});

describe("writers", () => {
  it("writes GraphML with typed keys, direction and escaped values", () => {
    const model = buildExportModel({
      graph: hostile,
      naming: { reservedNodeNames: ["id", "label", "type"], reservedEdgeNames: ["type", "weight"] },
    });
    const xml = [...writeGraphml(model)].join("");
    expect(xml).toContain('attr.name="rank" attr.type="double"');
    expect(xml).toContain('attr.name="flag" attr.type="boolean"');
    expect(xml).toContain('attr.name="count" attr.type="long"');
    expect(xml).toContain('attr.name="weight" attr.type="double"');
    expect(xml).toContain('edgedefault="directed"');
    expect(xml).toContain('<node id="a &quot;quoted&quot;">');
    expect(xml).toContain("&lt;Admin&gt; &amp; co");
    expect(xml).toContain("line1&#10;line2");
  });

  it("zips nodes.csv, edges.csv and graph.json", () => {
    const files = unzipSync(
      Buffer.concat([...graphExportChunks({ graph: hostile, format: "csv" })]),
    );
    expect(Object.keys(files)).toEqual(["nodes.csv", "edges.csv", "graph.json"]);
    expect(strFromU8(files["nodes.csv"])).toBe(
      'id,label,type,note,rank,type_property,flag\r\n"a ""quoted""",<Admin> & co,person,"line1\nline2",1,clash,\r\n"b,c",,person,ünï 🚀,2.5,,true\r\n',
    );
    expect(strFromU8(files["edges.csv"]).split("\r\n")[0]).toBe(
      "source,target,type,weight,memo,count",
    );
    expect(JSON.parse(strFromU8(files["graph.json"]))).toEqual({
      directed: true,
      multigraph: true,
      weighted: true,
    });
  });

  it("writes node-link JSON that parses back to the same values", () => {
    const data = JSON.parse(text(graphExportChunks({ graph: hostile, format: "json" })));
    expect(data).toMatchObject({ directed: true, multigraph: true });
    expect(data.nodes[0]).toEqual({
      id: 'a "quoted"',
      label: "<Admin> & co",
      type: "person",
      note: "line1\nline2",
      rank: 1,
      type_property: "clash",
    });
    expect(data.links[1]).toEqual({
      source: 'a "quoted"',
      target: "b,c",
      type: "knows",
      weight: 2,
      memo: "=SUM(A1)",
    });
  });

  it("streams a large graph in bounded chunks, never one giant string", () => {
    const nodeCount = 20_000;
    const edgeCount = 100_000;
    const large: GraphData = {
      ...graph({ nodes: [], edges: [] }),
      nodeIds: Array.from({ length: nodeCount }, (_, index) => `node-${index}`),
      nodeTypeIndex: new Uint16Array(nodeCount),
      nodeLabels: new Array(nodeCount).fill(null),
      nodeProperties: new Array(nodeCount).fill(null),
      edgeSources: Int32Array.from({ length: edgeCount }, (_, index) => index % nodeCount),
      edgeTargets: Int32Array.from(
        { length: edgeCount },
        (_, index) => (index * 7 + 1) % nodeCount,
      ),
      edgeTypeIndex: new Uint16Array(edgeCount),
      edgeProperties: new Array(edgeCount).fill(null),
    };
    for (const format of graphExportFormats) {
      let largest = 0;
      let chunks = 0;
      for (const chunk of graphExportChunks({ graph: large, format })) {
        largest = Math.max(largest, chunk.byteLength);
        chunks++;
      }
      expect(largest, format).toBeLessThan(512 * 1024);
      expect(chunks, format).toBeGreaterThan(format === "csv" ? 2 : 10);
    }
  }, 30_000);
});

describe("file names", () => {
  it("drops the upload extension, adds the revision and keeps only safe characters", () => {
    expect(exportFileName({ base: "karate_edges.csv", revision: 2, format: "graphml" })).toBe(
      "karate_edges-r2.graphml",
    );
    expect(exportFileName({ base: '../"evil" name;.sql', revision: 1, format: "csv" })).toBe(
      "evil_name-r1.zip",
    );
    expect(exportFileName({ base: "...", revision: null, format: "gml" })).toBe("graph.gml");
  });
});
