import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EngineError } from "../engine-error";
import { constructGraph } from "./construct-graph";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures");
const karateEdges = readFileSync(path.join(fixtures, "karate_edges.csv"));
const karateNodes = readFileSync(path.join(fixtures, "karate_nodes.csv"));

async function errorOf(run: () => Promise<unknown>): Promise<EngineError> {
  try {
    await run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("constructGraph", () => {
  it("builds CSV node and edge tables from uploaded bytes, with a summary", async () => {
    const { graph, summary } = await constructGraph({
      kind: "csv",
      text: karateEdges,
      nodesText: karateNodes,
    });
    expect(summary).toEqual({
      nodeCount: 34,
      edgeCount: 78,
      nodeTypes: { default: 34 },
      edgeTypes: { default: 78 },
      directed: false,
      weighted: false,
      weightColumn: null,
    });
    expect(graph.nodeProperties[0]).toEqual({ club: "Mr. Hi" });
  });

  it("builds a TXT edge list", async () => {
    const { summary } = await constructGraph({
      kind: "txt",
      text: "# comment\n1 2 0.5\n2 3 2\n",
      options: { directed: true, weighted: true },
    });
    expect(summary).toMatchObject({ nodeCount: 3, edgeCount: 2, directed: true, weighted: true });
  });

  it("reads weights by default from a TXT third column and a CSV weight column", async () => {
    const txt = await constructGraph({
      kind: "txt",
      text: "# source target weight\n1 2 0.5\n2 3 1\n",
    });
    expect(txt.summary).toMatchObject({ weighted: true, weightColumn: "weight" });
    const csv = await constructGraph({ kind: "csv", text: "from,to,Weight\na,b,2\nb,c,1\n" });
    expect(csv.summary).toMatchObject({ weighted: true, weightColumn: "Weight" });
    expect(Array.from(csv.graph.edgeWeights ?? [])).toEqual([2, 1]);
    const headerless = await constructGraph({ kind: "csv", text: "a,b,1\nb,c,1\n" });
    expect(headerless.summary).toMatchObject({ weighted: true, weightColumn: "column 3" });
  });

  it("turns weights off on request (a CSV weight column stays a property)", async () => {
    const txt = await constructGraph({
      kind: "txt",
      text: "1 2 0.5\n",
      options: { weighted: false },
    });
    expect(txt.summary).toMatchObject({ weighted: false, weightColumn: null });
    const csv = await constructGraph({
      kind: "csv",
      text: "source,target,weight\na,b,2\n",
      options: { weighted: false },
    });
    expect(csv.summary).toMatchObject({ weighted: false, weightColumn: null });
    expect(csv.graph.edgeProperties[0]).toEqual({ weight: 2 });
  });

  it("refuses weighted: true on a CSV without a weight column", async () => {
    const error = await errorOf(() =>
      constructGraph({ kind: "csv", text: "source,target\na,b\n", options: { weighted: true } }),
    );
    expect(error.code).toBe("PARSE_ERROR");
  });

  it("is reproducible for CSV: the same upload gives a deep-equal graph", async () => {
    const input = { kind: "csv" as const, texts: { edges: karateEdges, nodes: karateNodes } };
    const first = await constructGraph(input);
    const second = await constructGraph(input);
    expect(second).toEqual(first);
  });

  it("refuses bytes that are not UTF-8 and a missing upload", async () => {
    const latin1 = new Uint8Array([0x61, 0x2c, 0xe9, 0x0a]);
    expect((await errorOf(() => constructGraph({ kind: "csv", text: latin1 }))).code).toBe(
      "UNSUPPORTED_FILE",
    );
    expect((await errorOf(() => constructGraph({ kind: "sql" }))).code).toBe("INVALID_REQUEST");
  });

  it("passes CSV parse errors through with their line", async () => {
    const error = await errorOf(() =>
      constructGraph({ kind: "csv", text: 'source,target\na,b\nc,"d\n' }),
    );
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.details).toMatchObject({ line: 3, column: 3 });
  });

  it("refuses a SQL dump statement before starting a sandbox", async () => {
    const error = await errorOf(() =>
      constructGraph({ kind: "sql", text: "CREATE TABLE t (a int);\nSELECT pg_sleep(600);\n" }),
    );
    expect(error.code).toBe("UNSUPPORTED_FILE");
    expect(error.details).toMatchObject({ line: 2, statement: "SELECT pg_sleep(…)" });
  });
});
