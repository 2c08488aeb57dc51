import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";
import type { GraphData, Properties } from "../graph/graph-data";

// V8 costs that are not typed arrays, rounded up: a pointer slot per array element, a string
// header, an object with its hidden class. An estimate for a memory budget, not an accounting.
const pointerBytes = 8;
const stringHeaderBytes = 16;
const objectBytes = 56;
const propertyBytes = 24;

/**
 * Bytes one graph's data takes in memory: its typed columns exactly, and its strings and
 * property objects estimated from their count and length. O(nodes + edges); call once per graph.
 */
export function estimateGraphBytes(graph: GraphData): number {
  let bytes =
    graph.edgeSources.byteLength +
    graph.edgeTargets.byteLength +
    (graph.edgeWeights?.byteLength ?? 0) +
    graph.nodeTypeIndex.byteLength +
    graph.edgeTypeIndex.byteLength;
  for (const id of graph.nodeIds) bytes += pointerBytes + stringHeaderBytes + id.length;
  for (const label of graph.nodeLabels) {
    bytes += pointerBytes + (label === null ? 0 : stringHeaderBytes + label.length);
  }
  bytes += propertiesBytes(graph.nodeProperties) + propertiesBytes(graph.edgeProperties);
  bytes += graph.nodeNumericColumns?.values.byteLength ?? 0;
  return bytes;
}

/** Bytes of a CSR snapshot: its typed arrays (shared ones counted once). */
export function estimateCsrBytes(csr: CsrGraph): number {
  const arrays = new Set<ArrayBufferView>();
  const add = (adjacency: CsrAdjacency) => {
    for (const array of [
      adjacency.offsets,
      adjacency.neighbours,
      adjacency.weights,
      adjacency.distances,
      adjacency.multiplicity,
    ]) {
      if (array) arrays.add(array);
    }
  };
  add(csr.outgoing);
  add(csr.incoming);
  let bytes = 0;
  for (const array of arrays) bytes += array.byteLength;
  return bytes;
}

function propertiesBytes(properties: readonly Properties[]): number {
  let bytes = properties.length * pointerBytes;
  for (const value of properties) {
    if (value !== null) bytes += objectBytes + Object.keys(value).length * propertyBytes;
  }
  return bytes;
}
