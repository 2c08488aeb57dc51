import { EngineError } from "@/lib/engine/engine-error";
import type { GraphData } from "@/lib/engine/graph/graph-data";

/**
 * One capacity per input edge from an edge property ("weight" = the edge weights), or
 * undefined for 1 each. A property no edge has, or edges without a numeric value, are an
 * INVALID_REQUEST: a silently assumed capacity would give a flow that means nothing.
 */
export function edgeCapacities({
  graph,
  property,
}: {
  graph: GraphData;
  property: string | undefined;
}): Float64Array | undefined {
  if (property === undefined) return undefined;
  const edgeCount = graph.edgeSources.length;
  if (property === "weight" && graph.edgeWeights) return graph.edgeWeights;
  const capacities = new Float64Array(edgeCount);
  let missing = 0;
  const known = new Set<string>();
  for (let e = 0; e < edgeCount; e++) {
    const properties = graph.edgeProperties[e];
    const value = properties?.[property];
    if (properties && known.size < 50) for (const name of Object.keys(properties)) known.add(name);
    const number =
      typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
    if (Number.isFinite(number)) capacities[e] = number;
    else missing++;
  }
  if (missing === edgeCount) {
    const names = [...known].sort();
    throw new EngineError(
      "INVALID_REQUEST",
      `No edge has a numeric "${property}" to use as capacity.${
        names.length > 0 ? ` Edge properties: ${names.join(", ")}.` : ""
      }${graph.edgeWeights ? ' Use "weight" for the edge weights.' : ""}`,
      { property, knownProperties: names },
    );
  }
  if (missing > 0) {
    throw new EngineError(
      "INVALID_REQUEST",
      `${missing} of ${edgeCount} edges have no numeric "${property}"; give every edge a capacity or leave capacity_property out (1 per edge).`,
      { property, missing },
    );
  }
  return capacities;
}
