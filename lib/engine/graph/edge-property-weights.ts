import { EngineError } from "../engine-error";
import type { GraphData } from "./graph-data";
import { describeProperties } from "./property-catalogue";

/**
 * How an algorithm reads a weight, after NetworkX: a strength (PageRank, strength, Louvain,
 * clustering: more is closer), a distance (paths, betweenness, closeness, spanning trees: more is
 * further) or a capacity (maximum flow). Only distances and capacities refuse negative values —
 * spanning trees take them, as NetworkX's do.
 */
export type WeightSemantics = "strength" | "distance" | "capacity";

/** One edge property as `get_graph_info` lists it for `weight_property`. */
export type EdgePropertySummary = {
  name: string;
  /** True when every edge carrying it holds a number. */
  numeric: boolean;
  edge_types: string[];
  /** Edges without a value (the whole graph counted). */
  missing: number;
};

/**
 * Every edge property of the graph, with the construction's weight column first when there is
 * one (its values live in `edgeWeights`, not in the properties). Built from the property
 * catalogue, so it costs one pass per graph version.
 */
export function listEdgeProperties({ graph }: { graph: GraphData }): EdgePropertySummary[] {
  const edgeCount = graph.edgeSources.length;
  const byName = new Map<string, { numeric: boolean; types: string[]; present: number }>();
  for (const type of describeProperties({ graph }).edge_types) {
    for (const property of type.properties) {
      const entry = byName.get(property.name) ?? { numeric: true, types: [], present: 0 };
      entry.numeric &&= property.kind === "number";
      entry.types.push(type.name);
      entry.present += property.present;
      byName.set(property.name, entry);
    }
  }
  const listed: EdgePropertySummary[] = [];
  if (graph.edgeWeights) {
    listed.push({
      name: graph.edgeWeightColumn ?? "weight",
      numeric: true,
      edge_types: [...new Set(graph.edgeTypeNames)],
      missing: 0,
    });
  }
  for (const [name, entry] of [...byName.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (listed.some((known) => known.name === name)) continue;
    listed.push({
      name,
      numeric: entry.numeric,
      edge_types: entry.types,
      missing: edgeCount - entry.present,
    });
  }
  return listed;
}

/** The names of the edge properties that could serve as weights, for an error to suggest. */
export function numericEdgePropertyNames({ graph }: { graph: GraphData }): string[] {
  return listEdgeProperties({ graph })
    .filter((property) => property.numeric)
    .map((property) => property.name);
}

function numberOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return Number.NaN;
}

/**
 * One weight per input edge read from an edge property, for one call: the graph keeps its
 * construction weights, a call may use any numeric property instead (NetworkX's
 * `weight="amount"`, Neo4j GDS's `relationshipWeightProperty`). The construction's weight column
 * is found by its name or as "weight".
 *
 * Refuses, with INVALID_REQUEST, what would give a figure that means nothing: a property no edge
 * has or one holding text (listing the numeric ones), edges without a value unless
 * `missingWeight` fills them, and a negative value read as a distance or a capacity.
 */
export function edgePropertyWeights(input: {
  graph: GraphData;
  property: string;
  semantics: WeightSemantics;
  missingWeight?: number;
}): Float64Array {
  const { graph, property, semantics, missingWeight } = input;
  const edgeCount = graph.edgeSources.length;
  const isConstructionWeight =
    graph.edgeWeights !== null &&
    (property === "weight" || property === graph.edgeWeightColumn) &&
    !graph.edgeProperties.some((properties) => properties && property in properties);
  const weights = isConstructionWeight
    ? (graph.edgeWeights as Float64Array)
    : readPropertyColumn({ graph, property, missingWeight });
  if (semantics !== "strength") {
    for (let e = 0; e < edgeCount; e++) {
      if (weights[e] < 0) {
        throw new EngineError(
          "INVALID_REQUEST",
          `Edge ${graph.nodeIds[graph.edgeSources[e]]} → ${graph.nodeIds[graph.edgeTargets[e]]} has a negative "${property}" (${weights[e]}), which cannot be a ${semantics}.`,
          { property, semantics, value: weights[e] },
        );
      }
    }
  }
  return weights;
}

function readPropertyColumn(input: {
  graph: GraphData;
  property: string;
  missingWeight?: number;
}): Float64Array {
  const { graph, property, missingWeight } = input;
  const edgeCount = graph.edgeSources.length;
  const weights = new Float64Array(edgeCount);
  let missing = 0;
  let present = 0;
  let textual = 0;
  for (let e = 0; e < edgeCount; e++) {
    const value = graph.edgeProperties[e]?.[property];
    if (value === null || value === undefined) {
      missing++;
      weights[e] = missingWeight ?? Number.NaN;
      continue;
    }
    present++;
    const number = numberOf(value);
    if (Number.isFinite(number)) weights[e] = number;
    else textual++;
  }
  if (present === 0 || textual > 0) {
    const numeric = numericEdgePropertyNames({ graph });
    const listed = numeric.length > 0 ? ` Numeric edge properties: ${numeric.join(", ")}.` : "";
    throw new EngineError(
      "INVALID_REQUEST",
      present === 0
        ? `No edge has a property "${property}".${listed}`
        : `Edge property "${property}" is not numeric (${textual} of ${present} values are not numbers).${listed}`,
      { property, numeric_properties: numeric },
    );
  }
  if (missing > 0 && missingWeight === undefined) {
    throw new EngineError(
      "INVALID_REQUEST",
      `${missing} of ${edgeCount} edges have no "${property}"; give missing_weight to use a value for them.`,
      { property, missing },
    );
  }
  return weights;
}
