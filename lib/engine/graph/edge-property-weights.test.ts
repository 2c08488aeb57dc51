import { describe, expect, it } from "vitest";
import { graphFromEdges } from "../algorithms/test-graphs";
import { EngineError } from "../engine-error";
import { LoadedGraph } from "../session/loaded-graph";
import { edgePropertyWeights, listEdgeProperties } from "./edge-property-weights";
import type { GraphData } from "./graph-data";

/** A triangle whose edges carry a construction weight ("km") and two properties of their own. */
function roads(): GraphData {
  const graph = graphFromEdges({
    edges: [
      ["a", "b", 2],
      ["b", "c", 3],
      ["a", "c", 10],
    ],
  });
  return {
    ...graph,
    edgeWeightColumn: "km",
    edgeProperties: [
      { minutes: 5, toll: "yes" },
      { minutes: 4, toll: "no" },
      { minutes: 1, toll: "no", closed: 1 },
    ],
  };
}

function refusal(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("weights from any edge property", () => {
  it("lists the construction's weight column first, then every edge property with what it lacks", () => {
    expect(listEdgeProperties({ graph: roads() })).toEqual([
      { name: "km", numeric: true, edge_types: ["default"], missing: 0 },
      { name: "closed", numeric: true, edge_types: ["default"], missing: 2 },
      { name: "minutes", numeric: true, edge_types: ["default"], missing: 0 },
      { name: "toll", numeric: false, edge_types: ["default"], missing: 0 },
    ]);
  });

  it("reads the construction weights by their column's name or as 'weight', a property by its own", () => {
    const graph = roads();
    expect([...edgePropertyWeights({ graph, property: "km", semantics: "distance" })]).toEqual([
      2, 3, 10,
    ]);
    expect(edgePropertyWeights({ graph, property: "weight", semantics: "distance" })).toBe(
      graph.edgeWeights,
    );
    expect([...edgePropertyWeights({ graph, property: "minutes", semantics: "strength" })]).toEqual(
      [5, 4, 1],
    );
  });

  it("refuses text, unknown and partly missing properties unless missing_weight fills them", () => {
    const graph = roads();
    expect(
      refusal(() => edgePropertyWeights({ graph, property: "toll", semantics: "strength" }))
        .message,
    ).toMatch(/not numeric.*Numeric edge properties: km, closed, minutes/);
    expect(
      refusal(() => edgePropertyWeights({ graph, property: "speed", semantics: "strength" }))
        .message,
    ).toMatch(/No edge has a property "speed"/);
    expect(
      refusal(() => edgePropertyWeights({ graph, property: "closed", semantics: "strength" }))
        .message,
    ).toMatch(/2 of 3 edges have no "closed"/);
    expect([
      ...edgePropertyWeights({
        graph,
        property: "closed",
        semantics: "strength",
        missingWeight: 0,
      }),
    ]).toEqual([0, 0, 1]);
  });

  it("refuses a negative value as a distance, not as a strength", () => {
    const graph = { ...roads(), edgeProperties: [{ gain: -1 }, { gain: 2 }, { gain: 3 }] };
    expect(edgePropertyWeights({ graph, property: "gain", semantics: "strength" })[0]).toBe(-1);
    const error = refusal(() =>
      edgePropertyWeights({ graph, property: "gain", semantics: "distance" }),
    );
    expect(error.code).toBe("INVALID_REQUEST");
    expect(error.message).toMatch(/a → b has a negative "gain"/);
  });

  it("weighs a loaded version's view by the property, leaving the version's own weights alone", () => {
    const loaded = new LoadedGraph({
      version: 1,
      origin: { kind: "construction", datasetId: "d", revision: 1 },
      graph: roads(),
    });
    const view = loaded.withWeightProperty({
      edgeTypes: undefined,
      property: "minutes",
      semantics: "distance",
    });
    expect([...(view.csr.outgoing.weights ?? [])].sort()).toEqual([1, 1, 4, 4, 5, 5]);
    expect([...(loaded.csr.outgoing.weights ?? [])].sort((a, b) => a - b)).toEqual([
      2, 2, 3, 3, 10, 10,
    ]);
    expect(
      loaded.withWeightProperty({
        edgeTypes: undefined,
        property: "minutes",
        semantics: "distance",
      }).csr,
    ).toBe(view.csr);
  });
});
