import type { GraphData } from "./graph-data";
import { describeProperties } from "./property-catalogue";

/** Names of a graph's node properties (every node type's), each once, in first-seen order. */
export function nodePropertyNames({ graph }: { graph: GraphData }): string[] {
  const names = new Set<string>();
  for (const type of describeProperties({ graph }).node_types) {
    for (const property of type.properties) names.add(property.name);
  }
  return [...names];
}
