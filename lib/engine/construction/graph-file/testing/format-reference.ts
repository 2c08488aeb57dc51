import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { GraphData } from "../../../graph/graph-data";
import { nodePropertiesOf } from "../../../graph/node-properties";

// Written by tests/fixtures/formats/make_formats.py (NetworkX 2.8 reading back what it wrote).
export const formatsFixtures = path.resolve(__dirname, "../../../../../tests/fixtures/formats");

type TypedValue = { type: "boolean" | "number" | "string"; value: unknown };

/** One format's entry in formats_reference.json. */
export type FormatReference = {
  file: string;
  node_count: number;
  edge_count: number;
  directed: boolean;
  degree?: { node: string; value: number };
  weight?: { source: string; target: string; value: number };
  node?: { id: string; label?: string; attributes: Record<string, TypedValue> };
};

/** The reference of one format, and its fixture's bytes. */
export function loadFormatReference(format: string): {
  reference: FormatReference;
  bytes: Uint8Array;
} {
  const all = JSON.parse(
    readFileSync(path.join(formatsFixtures, "formats_reference.json"), "utf8"),
  );
  const reference = all[format] as FormatReference;
  return {
    reference,
    bytes: new Uint8Array(readFileSync(path.join(formatsFixtures, reference.file))),
  };
}

/**
 * Compares a built graph with NetworkX's reading of the same file. `nodeKey` says how NetworkX
 * keyed the nodes: by id, or (GML, Pajek, where ids are file-local numbers) by label.
 */
export function expectMatchesReference(input: {
  graph: GraphData;
  reference: FormatReference;
  nodeKey?: "id" | "label";
}) {
  const { graph, reference } = input;
  const indexOf = (key: string) => {
    const index =
      input.nodeKey === "label" ? graph.nodeLabels.indexOf(key) : graph.nodeIds.indexOf(key);
    expect(index, `node ${key}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  expect(graph.nodeIds.length).toBe(reference.node_count);
  expect(graph.edgeSources.length).toBe(reference.edge_count);
  expect(graph.directed).toBe(reference.directed);
  if (reference.degree) {
    const node = indexOf(reference.degree.node);
    let degree = 0;
    for (let edge = 0; edge < graph.edgeSources.length; edge++) {
      if (graph.edgeSources[edge] === node) degree++;
      if (graph.edgeTargets[edge] === node) degree++;
    }
    expect(degree).toBe(reference.degree.value);
  }
  if (reference.weight) expectWeight(graph, reference.weight, indexOf);
  if (reference.node) expectNode(graph, reference.node, indexOf(reference.node.id));
}

function expectWeight(
  graph: GraphData,
  weight: NonNullable<FormatReference["weight"]>,
  indexOf: (key: string) => number,
) {
  const source = indexOf(weight.source);
  const target = indexOf(weight.target);
  let found: number | undefined;
  for (let edge = 0; edge < graph.edgeSources.length; edge++) {
    const forward = graph.edgeSources[edge] === source && graph.edgeTargets[edge] === target;
    const backward = graph.edgeSources[edge] === target && graph.edgeTargets[edge] === source;
    if (forward || (!graph.directed && backward)) found = graph.edgeWeights?.[edge];
  }
  expect(found).toBe(weight.value);
}

function expectNode(graph: GraphData, node: NonNullable<FormatReference["node"]>, index: number) {
  if (node.label !== undefined) expect(graph.nodeLabels[index]).toBe(node.label);
  const properties = nodePropertiesOf({ graph, node: index }) ?? {};
  for (const [name, expected] of Object.entries(node.attributes)) {
    if (name === "type") {
      // A `type` attribute is the node's type, not a property.
      expect(graph.nodeTypeNames[graph.nodeTypeIndex[index]]).toBe(expected.value);
      continue;
    }
    expect(typeof properties[name], name).toBe(expected.type);
    expect(properties[name], name).toBe(expected.value);
  }
}

/** The EngineError a construction throws, for assertions on its code and details. */
export async function failureOf(work: () => unknown): Promise<{
  code: string;
  message: string;
  details: Record<string, unknown>;
}> {
  try {
    await work();
  } catch (error) {
    const failure = error as { code: string; message: string; details?: Record<string, unknown> };
    return { code: failure.code, message: failure.message, details: failure.details ?? {} };
  }
  throw new Error("expected the construction to fail");
}
