import { afterAll, describe, expect, it } from "vitest";
import { createRandom } from "../../algorithms/seeded-random";
import { buildNodeMask } from "../../filters/node-filter";
import type { GraphData } from "../../graph/graph-data";
import {
  nodePropertiesOf,
  nodePropertyValue,
  withNodePropertyObjects,
} from "../../graph/node-properties";
import { describeProperties } from "../../graph/property-catalogue";
import { deriveFeatureSchema } from "../../ml/derive-feature-schema";
import { assertFeatureSchemaCompatible, buildFeatureMatrix } from "../../ml/feature-matrix";
import { trainModel } from "../../ml/train-model";
import { closeIdleQueryEngines } from "../../query/query-engine-cache";
import { planQueryTables } from "../../query/query-table-layout";
import { runGraphQuery } from "../../query/run-graph-query";
import { nodePropertyText } from "../../search/node-search-text";
import { decodeGraph, encodeGraph } from "../../storage/graph-codec";
import { selectGraph } from "../../subgraph/select-graph";
import { constructFromCsv, defaultNumericStoreMinimumColumns } from "./construct-from-csv";

// Text columns (group, note) first, then numbers: `a` and `b` with empty cells, `c` a decimal
// that float32 would round, `mixed` numbers and a word (not numeric: stays an object property),
// `flag` booleans, `blank` empty everywhere (text, as before).
const nodes = [
  "id,label,group,note,a,b,c,mixed,flag,blank",
  "n1,First,x,hello,0,1,0.1,5,true,",
  "n2,,y,,1,,-2.5e3,seven,false,",
  "n3,Third,x,w,,0,3,2,TRUE,",
  'n4,,y,"q, uoted",1,1,"4",,false,',
].join("\n");
const edges = "source,target\nn1,n2\nn2,n3\nn3,n4\n";

function both(minimum = 2) {
  const typed = constructFromCsv({ edges, nodes, numericStoreMinimumColumns: minimum });
  const objects = constructFromCsv({
    edges,
    nodes,
    numericStoreMinimumColumns: Number.POSITIVE_INFINITY,
  });
  return { typed, objects };
}

function features(graph: GraphData) {
  const schema = deriveFeatureSchema({
    graph,
    selection: {},
    excluded: ["label"],
    structuralValues: {},
  });
  return { schema, matrix: buildFeatureMatrix({ graph, schema, structuralValues: {} }) };
}

describe("a wide node table's numeric store", () => {
  it("holds the numeric columns as one row-major matrix with exact values, NaN for empty cells", () => {
    const { typed } = both();
    const store = typed.nodeNumericColumns;
    expect(store?.names).toEqual(["a", "b", "c"]);
    // 0.1 and -2500 need Float64 (0.1 is not a float32).
    expect(store?.values).toBeInstanceOf(Float64Array);
    expect(Array.from(store?.values ?? [])).toEqual([
      0,
      1,
      0.1,
      1,
      Number.NaN,
      -2500,
      Number.NaN,
      0,
      3,
      1,
      1,
      4,
    ]);
    // What is not a numeric column stays in the objects, with the values it always had.
    expect(typed.nodeProperties[0]).toEqual({
      group: "x",
      note: "hello",
      mixed: "5",
      flag: true,
      blank: null,
    });
    expect(typed.nodeProperties[3]).toEqual({
      group: "y",
      note: "q, uoted",
      mixed: null,
      flag: false,
      blank: null,
    });
  });

  it("stores a 0/1 table as Float32 and keeps narrow tables on the objects path", () => {
    const header = ["id", ...Array.from({ length: 40 }, (_, c) => `w${c}`)].join(",");
    const rows = ["p0", "p1", "p2"].map(
      (id, r) => `${id},${Array.from({ length: 40 }, (_, c) => ((r + c) % 3 === 0 ? 1 : 0))}`,
    );
    const wide = constructFromCsv({
      edges: "source,target\np0,p1\n",
      nodes: [header, ...rows].join("\n"),
    });
    expect(defaultNumericStoreMinimumColumns).toBeLessThanOrEqual(40);
    expect(wide.nodeNumericColumns?.values).toBeInstanceOf(Float32Array);
    expect(wide.nodeNumericColumns?.values.length).toBe(3 * 40);
    expect(nodePropertyValue({ graph: wide, node: 1, name: "w2" })).toBe(1);
    expect(nodePropertyValue({ graph: wide, node: 1, name: "w3" })).toBe(0);
    expect(wide.nodeProperties).toEqual([null, null, null]);
    const narrow = constructFromCsv({ edges, nodes });
    expect(narrow.nodeNumericColumns).toBeUndefined();
    expect(narrow).toEqual(both().objects);
  });

  it("reads back every property as the objects path stores it", () => {
    const { typed, objects } = both();
    for (let node = 0; node < typed.nodeIds.length; node++) {
      const properties = nodePropertiesOf({ graph: typed, node });
      expect(properties).toEqual(objects.nodeProperties[node]);
      // In the table's column order, as the objects list them.
      expect(Object.keys(properties ?? {})).toEqual(
        Object.keys(objects.nodeProperties[node] ?? {}),
      );
      for (const name of ["a", "b", "c", "mixed", "group", "missing"]) {
        expect(nodePropertyValue({ graph: typed, node, name })).toEqual(
          objects.nodeProperties[node]?.[name],
        );
      }
    }
    expect(withNodePropertyObjects(typed).nodeProperties).toEqual(objects.nodeProperties);
    expect(describeProperties({ graph: typed })).toEqual(describeProperties({ graph: objects }));
    expect(planQueryTables({ graph: typed })).toEqual(planQueryTables({ graph: objects }));
  });

  it("filters, searches and selects subgraphs as the objects path does", () => {
    const { typed, objects } = both();
    const filter = {
      where: [
        { property: "a", op: "eq" as const, value: 1 },
        { property: "c", op: "gt" as const, value: 0 },
      ],
    };
    expect(buildNodeMask({ graph: typed, filter })).toEqual(
      buildNodeMask({ graph: objects, filter }),
    );
    const unknown = { where: [{ property: "zz", op: "eq" as const, value: 1 }] };
    const message = (graph: GraphData) => {
      try {
        buildNodeMask({ graph, filter: unknown });
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message(typed)).toMatch(/a, b, blank, c, flag, group, mixed, note/);
    expect(message(typed)).toBe(message(objects));
    const text = (graph: GraphData) => {
      const { offsets, keys } = nodePropertyText({ graph });
      return Array.from({ length: graph.nodeIds.length }, (_, node) =>
        keys.slice(offsets[node], offsets[node + 1]).sort(),
      );
    };
    expect(text(typed)).toEqual(text(objects));
    const nodesKept = [3, 1];
    const sub = selectGraph({ graph: typed, nodes: nodesKept, edges: [] });
    expect(sub.nodeNumericColumns?.values.length).toBe(2 * 3);
    expect(withNodePropertyObjects(sub).nodeProperties).toEqual(
      nodesKept.map((node) => objects.nodeProperties[node]),
    );
  });

  it("builds the same features as the objects path", () => {
    const { typed, objects } = both();
    const fromTyped = features(typed);
    const fromObjects = features(objects);
    expect(fromTyped.schema).toEqual(fromObjects.schema);
    expect(fromTyped.matrix).toEqual(fromObjects.matrix);
    expect(() =>
      assertFeatureSchemaCompatible({ graph: typed, schema: fromObjects.schema }),
    ).not.toThrow();
  });

  it("saves and loads the store (payload GWB2); a graph without one still saves as before", () => {
    const { typed, objects } = both();
    const decoded = decodeGraph(encodeGraph(typed));
    expect(decoded).toEqual(typed);
    expect(decoded.nodeNumericColumns?.values).toBeInstanceOf(Float64Array);
    expect(
      Buffer.from(encodeGraph(objects).bytes).equals(Buffer.from(encodeGraph(objects).bytes)),
    ).toBe(true);
    expect(decodeGraph(encodeGraph(objects))).toEqual(objects);
  });

  it("trains the same model from a generated bag-of-words table as the objects path", async () => {
    // 120 nodes × 60 sparse 0/1 columns, 3 classes, 200 random edges (seeded).
    const random = createRandom({ seed: 5 });
    const header = ["id", "label", ...Array.from({ length: 60 }, (_, c) => `w${c}`)];
    const rows = Array.from({ length: 120 }, (_, r) =>
      [`n${r}`, `c${r % 3}`, ...Array.from({ length: 60 }, () => (random() < 0.1 ? 1 : 0))].join(
        ",",
      ),
    );
    const edgeRows = Array.from(
      { length: 200 },
      () => `n${Math.floor(random() * 120)},n${Math.floor(random() * 120)}`,
    );
    const tables = {
      nodes: [header.join(","), ...rows].join("\n"),
      edges: ["source,target", ...edgeRows].join("\n"),
    };
    const train = (minimum: number) =>
      trainModel({
        graph: constructFromCsv({ ...tables, numericStoreMinimumColumns: minimum }),
        task: "node_classification",
        model: "gcn",
        labelProperty: "label",
        split: { kind: "stratified", train: 0.5, val: 0.2, test: 0.3 },
        epochs: 20,
        seed: 3,
      });
    const [typed, objects] = [await train(2), await train(Number.POSITIVE_INFINITY)];
    expect(typed.modelFile.featureSchema).toEqual(objects.modelFile.featureSchema);
    expect(typed.modelFile.weights).toEqual(objects.modelFile.weights);
    expect(typed.metrics).toEqual(objects.metrics);
  });

  it("answers SQL over the node table as the objects path does", async () => {
    const { typed, objects } = both();
    const sql = `SELECT id, a, b, c, mixed, flag, note FROM "default" ORDER BY id`;
    const fromTyped = await runGraphQuery({ graph: typed, sql });
    const fromObjects = await runGraphQuery({ graph: objects, sql });
    expect(fromTyped.rows).toEqual(fromObjects.rows);
    expect(fromTyped.rows[1]).toEqual(["n2", 1, null, -2500, "seven", false, null]);
  });
});

afterAll(async () => {
  await closeIdleQueryEngines();
});
