import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EngineError } from "../../engine-error";
import { constructFromCsv } from "./construct-from-csv";

const fixtures = path.resolve(import.meta.dirname, "../../../../tests/fixtures");
const karateEdges = readFileSync(path.join(fixtures, "karate_edges.csv"), "utf8");
const karateNodes = readFileSync(path.join(fixtures, "karate_nodes.csv"), "utf8");

function errorOf(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("constructFromCsv", () => {
  it("builds the karate club from its node and edge tables", () => {
    const graph = constructFromCsv({ edges: karateEdges, nodes: karateNodes });
    expect(graph.directed).toBe(false);
    expect(graph.nodeIds).toHaveLength(34);
    expect(graph.edgeSources).toHaveLength(78);
    expect(graph.nodeIds.slice(0, 3)).toEqual(["n0", "n1", "n2"]);
    expect(graph.nodeProperties[0]).toEqual({ club: "Mr. Hi" });
    expect(graph.nodeProperties[33]).toEqual({ club: "Officer" });
    const clubs = new Set(graph.nodeProperties.map((p) => p?.club));
    expect(clubs).toEqual(new Set(["Mr. Hi", "Officer"]));
    expect(graph.edgeWeights).toBeNull();
    expect(graph.nodeIds[graph.edgeSources[0]]).toBe("n0");
    expect(graph.nodeIds[graph.edgeTargets[0]]).toBe("n1");
  });

  it("builds the same graph from the edge list alone, minus the node properties", () => {
    const graph = constructFromCsv({ edges: karateEdges });
    expect(graph.nodeIds).toHaveLength(34);
    expect(graph.edgeSources).toHaveLength(78);
    expect(graph.nodeProperties.every((p) => p === null)).toBe(true);
  });

  it("reads weight, type and typed edge properties by header synonyms", () => {
    const graph = constructFromCsv({
      edges:
        "From;To;Relation;Weight;since;active;note\na;b;knows;2.5;2001;true;\nb;c;likes;1;;FALSE;x\n",
      directed: true,
    });
    expect(graph.directed).toBe(true);
    expect(Array.from(graph.edgeWeights ?? [])).toEqual([2.5, 1]);
    expect(graph.edgeTypeNames).toEqual(["knows", "likes"]);
    expect(graph.edgeProperties).toEqual([
      { since: 2001, active: true, note: null },
      { since: null, active: false, note: "x" },
    ]);
  });

  it("reads a headerless list as source,target,weight", () => {
    const graph = constructFromCsv({ edges: "1\t2\t0.5\n2\t3\t4\n" });
    expect(graph.nodeIds).toEqual(["1", "2", "3"]);
    expect(Array.from(graph.edgeWeights ?? [])).toEqual([0.5, 4]);
  });

  it("detects a header from non-numeric names over numeric columns", () => {
    const graph = constructFromCsv({ edges: "a,b,strength\n1,2,3\n2,3,4\n" });
    expect(graph.nodeIds).toEqual(["1", "2", "3"]);
    expect(graph.edgeProperties[0]).toEqual({ strength: 3 });
  });

  it("takes node labels and types from the node table", () => {
    const graph = constructFromCsv({
      nodes: "id,name,type,age\np1,Ann,person,31\nc1,Acme,company,\n",
      edges: "source,target,type\np1,c1,works_at\n",
      directed: true,
    });
    expect(graph.nodeLabels).toEqual(["Ann", "Acme"]);
    expect(graph.nodeTypeNames).toEqual(["person", "company"]);
    expect(graph.nodeProperties).toEqual([{ age: 31 }, { age: null }]);
    expect(graph.edgeTypeNames).toEqual(["works_at"]);
  });

  it("refuses an edge naming a node absent from the node table, with its line", () => {
    const error = errorOf(() =>
      constructFromCsv({ nodes: karateNodes, edges: `${karateEdges.trimEnd()}\nn0,n99\n` }),
    );
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.details).toMatchObject({ line: 80, column: 4 });
    expect(error.message).toContain("n99");
  });

  it("reads sender/recipient-style headers by name, and any header over known nodes", () => {
    const nodes = "id,name\nann,Ann\nbo,Bo\ncy,Cy\n";
    const pairs = (graph: ReturnType<typeof constructFromCsv>) =>
      Array.from(graph.edgeSources, (source, index) => [
        graph.nodeIds[source],
        graph.nodeIds[graph.edgeTargets[index]],
      ]);
    // Named roles win over column order: the recipient column comes first here.
    const named = constructFromCsv({
      directed: true,
      nodes,
      edges: "recipient,sender\nbo,ann\ncy,bo\n",
    });
    expect(pairs(named)).toEqual([
      ["ann", "bo"],
      ["bo", "cy"],
    ]);
    // Names the rule does not know: read as data, the first row could only fail.
    const unknownNames = constructFromCsv({
      directed: true,
      nodes,
      edges: "user_a,user_b\nann,bo\nbo,cy\n",
    });
    expect(pairs(unknownNames)).toEqual([
      ["ann", "bo"],
      ["bo", "cy"],
    ]);
    expect(unknownNames.nodeIds).toEqual(["ann", "bo", "cy"]);
    // A first row of unknown ids followed by another is still an error, with its line.
    const error = errorOf(() => constructFromCsv({ nodes, edges: "ann,zed\nann,bo\n" }));
    expect(error.message).toContain("zed");
    expect(error.details).toMatchObject({ line: 1 });
  });

  it("refuses a malformed CSV: unterminated quote and ragged row, with lines", () => {
    const unterminated = errorOf(() =>
      constructFromCsv({ edges: 'source,target\na,b\n"c,d\ne,f\n' }),
    );
    expect(unterminated.code).toBe("PARSE_ERROR");
    expect(unterminated.details).toMatchObject({ line: 3, column: 1 });
    const ragged = errorOf(() => constructFromCsv({ edges: "source,target\na,b\nc\n" }));
    expect(ragged.code).toBe("PARSE_ERROR");
    expect(ragged.details).toMatchObject({ line: 3 });
  });

  it("refuses a non-numeric weight and duplicate node ids, with lines", () => {
    const weight = errorOf(() =>
      constructFromCsv({ edges: "source,target,weight\na,b,1\nb,c,x\n" }),
    );
    expect(weight.details).toMatchObject({ line: 3, column: 5 });
    const duplicate = errorOf(() =>
      constructFromCsv({ nodes: "id\na\nb\na\n", edges: "source,target\na,b\n" }),
    );
    expect(duplicate.details).toMatchObject({ line: 4, column: 1 });
  });

  it("refuses a one-column edge file", () => {
    const error = errorOf(() => constructFromCsv({ edges: "a\nb\n" }));
    expect(error.code).toBe("PARSE_ERROR");
  });
});
