import type { GraphData, PropertyValue } from "../graph/graph-data";
import { nodePropertyValue } from "../graph/node-properties";
import { mlInputError } from "./ml-error";

/** Class index per node (−1: unlabelled) and the class names, sorted. */
export type NodeLabels = { labels: Int32Array; classes: string[] };

/**
 * Reads the label property. CSV construction turns a `label` column into the node's label
 * rather than a property, so "label" falls back to the node labels when no node has such a
 * property.
 */
export function readNodeLabels({
  graph,
  labelProperty,
}: {
  graph: GraphData;
  labelProperty: string;
}): NodeLabels {
  const n = graph.nodeIds.length;
  const raw: (string | null)[] = new Array(n);
  let found = 0;
  for (let u = 0; u < n; u++) {
    raw[u] = textOf(nodePropertyValue({ graph, node: u, name: labelProperty }));
    if (raw[u] !== null) found++;
  }
  if (found === 0 && labelProperty === "label") {
    for (let u = 0; u < n; u++) {
      raw[u] = graph.nodeLabels[u];
      if (raw[u] !== null) found++;
    }
  }
  if (found === 0) {
    throw mlInputError({
      reason: "LABEL_PROPERTY_MISSING",
      message: `No node has a value for the label property "${labelProperty}".`,
      details: { labelProperty },
    });
  }
  const classes = [...new Set(raw.filter((value): value is string => value !== null))].sort();
  const index = new Map(classes.map((name, i) => [name, i]));
  const labels = new Int32Array(n);
  for (let u = 0; u < n; u++)
    labels[u] = raw[u] === null ? -1 : (index.get(raw[u] as string) as number);
  return { labels, classes };
}

function textOf(value: PropertyValue | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  return String(value);
}
