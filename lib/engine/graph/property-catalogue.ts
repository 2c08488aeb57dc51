import type { GraphData, Properties } from "./graph-data";
import { inTableOrder, type NumericColumns } from "./numeric-columns";

/** What kind of values a property holds; "mixed" when nodes disagree. */
export type PropertyKind = "number" | "text" | "boolean" | "mixed";

/** One property of a node or edge type, as a filter or a query needs to know it. */
export type PropertyDescription = {
  name: string;
  kind: PropertyKind;
  /** How many elements of the type carry a non-null value. */
  present: number;
  /** Numbers: the range. */
  min?: number;
  max?: number;
  /** Text and booleans: up to `maxExamples` distinct values, most frequent first. */
  values?: (string | boolean)[];
  /** How many distinct values there are (counted up to a cap). */
  distinct: number;
  distinct_capped?: boolean;
};

/** A node type with its count and properties. */
export type NodeTypeDescription = {
  name: string;
  count: number;
  properties: PropertyDescription[];
};

/** An edge type with its count, which node types it joins (in its direction) and properties. */
export type EdgeTypeDescription = {
  name: string;
  count: number;
  source_types: string[];
  target_types: string[];
  properties: PropertyDescription[];
};

/** The schema a graph's construction recorded: node and edge types with their properties. */
export type PropertyCatalogue = {
  node_types: NodeTypeDescription[];
  edge_types: EdgeTypeDescription[];
};

const maxExamples = 8;
const maxDistinctCounted = 1000;
const cache = new WeakMap<GraphData, PropertyCatalogue>();

/** Node and edge types with their property names and value kinds, computed once per graph. */
export function describeProperties({ graph }: { graph: GraphData }): PropertyCatalogue {
  const cached = cache.get(graph);
  if (cached) return cached;
  const nodeAccumulators = graph.nodeTypeNames.map(() => new TypeAccumulator());
  for (let u = 0; u < graph.nodeIds.length; u++) {
    nodeAccumulators[graph.nodeTypeIndex[u]].add(graph.nodeProperties[u]);
  }
  if (graph.nodeNumericColumns) {
    addNumericColumns(graph.nodeNumericColumns, graph.nodeTypeIndex, nodeAccumulators);
    for (const accumulator of nodeAccumulators) {
      accumulator.properties = inTableOrder(accumulator.properties, graph.nodeNumericColumns);
    }
  }
  const edgeAccumulators = graph.edgeTypeNames.map(() => new TypeAccumulator());
  const endpoints = graph.edgeTypeNames.map(() => ({
    sources: new Set<number>(),
    targets: new Set<number>(),
  }));
  for (let e = 0; e < graph.edgeSources.length; e++) {
    const type = graph.edgeTypeIndex[e];
    edgeAccumulators[type].add(graph.edgeProperties[e] ?? null);
    endpoints[type].sources.add(graph.nodeTypeIndex[graph.edgeSources[e]]);
    endpoints[type].targets.add(graph.nodeTypeIndex[graph.edgeTargets[e]]);
  }
  const typeNames = (indices: Set<number>) =>
    [...indices].sort((a, b) => a - b).map((index) => graph.nodeTypeNames[index]);
  const catalogue: PropertyCatalogue = {
    node_types: graph.nodeTypeNames
      .map((name, index) => ({
        name,
        count: nodeAccumulators[index].count,
        properties: nodeAccumulators[index].describe(),
      }))
      .filter((type) => type.count > 0),
    edge_types: graph.edgeTypeNames
      .map((name, index) => ({
        name,
        count: edgeAccumulators[index].count,
        source_types: typeNames(endpoints[index].sources),
        target_types: typeNames(endpoints[index].targets),
        properties: edgeAccumulators[index].describe(),
      }))
      .filter((type) => type.count > 0),
  };
  cache.set(graph, catalogue);
  return catalogue;
}

/**
 * The typed store's columns, column by column: every value is a number, so distinct values are
 * counted by number (no text form per cell) — the description is the one the same values in
 * property objects would give.
 */
function addNumericColumns(
  columns: NumericColumns,
  typeIndex: Uint16Array,
  accumulators: TypeAccumulator[],
) {
  const width = columns.names.length;
  const { values } = columns;
  // Row by row (the matrix is row-major), one accumulator per column and node type.
  const byType = new Map<number, NumberAccumulator[]>();
  for (let u = 0; u < typeIndex.length; u++) {
    let row = byType.get(typeIndex[u]);
    if (!row) {
      row = Array.from({ length: width }, () => new NumberAccumulator());
      byType.set(typeIndex[u], row);
    }
    const start = u * width;
    for (let c = 0; c < width; c++) {
      const value = values[start + c];
      if (!Number.isNaN(value)) row[c].add(value);
    }
  }
  for (const [type, row] of byType) {
    for (let c = 0; c < width; c++) {
      if (row[c].present > 0) accumulators[type].properties.set(columns.names[c], row[c]);
    }
  }
}

class NumberAccumulator {
  present = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  readonly counts = new Map<number, number>();
  capped = false;

  /** 0 and 1 (most cells of a bag-of-words table) are counted without the Map. */
  zeros = 0;
  ones = 0;

  add(value: number): void {
    this.present++;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    if (value === 0) {
      this.zeros++;
      return;
    }
    if (value === 1) {
      this.ones++;
      return;
    }
    const seen = this.counts.get(value);
    if (seen !== undefined) this.counts.set(value, seen + 1);
    else if (this.counts.size < maxDistinctCounted) this.counts.set(value, 1);
    else this.capped = true;
  }

  describe(name: string): PropertyDescription {
    const distinct = this.counts.size + (this.zeros > 0 ? 1 : 0) + (this.ones > 0 ? 1 : 0);
    return {
      name,
      kind: "number",
      present: this.present,
      distinct: Math.min(distinct, maxDistinctCounted),
      ...(this.capped || distinct > maxDistinctCounted ? { distinct_capped: true } : {}),
      min: this.min,
      max: this.max,
    };
  }
}

class PropertyAccumulator {
  present = 0;
  numbers = 0;
  texts = 0;
  booleans = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  readonly counts = new Map<string | boolean, number>();
  capped = false;

  add(value: string | number | boolean): void {
    this.present++;
    if (typeof value === "number") {
      this.numbers++;
      if (value < this.min) this.min = value;
      if (value > this.max) this.max = value;
    } else if (typeof value === "boolean") {
      this.booleans++;
    } else {
      this.texts++;
    }
    const key = typeof value === "number" ? String(value) : value;
    const seen = this.counts.get(key);
    if (seen !== undefined) this.counts.set(key, seen + 1);
    else if (this.counts.size < maxDistinctCounted) this.counts.set(key, 1);
    else this.capped = true;
  }

  describe(name: string): PropertyDescription {
    const kind: PropertyKind =
      this.numbers === this.present
        ? "number"
        : this.texts === this.present
          ? "text"
          : this.booleans === this.present
            ? "boolean"
            : "mixed";
    const base = {
      name,
      kind,
      present: this.present,
      distinct: this.counts.size,
      ...(this.capped ? { distinct_capped: true } : {}),
    };
    if (kind === "number") return { ...base, min: this.min, max: this.max };
    const values = [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))
      .slice(0, maxExamples)
      .map(([value]) => value);
    return { ...base, values };
  }
}

class TypeAccumulator {
  count = 0;
  properties = new Map<string, PropertyAccumulator | NumberAccumulator>();

  add(properties: Properties): void {
    this.count++;
    if (!properties) return;
    for (const name in properties) {
      const value = properties[name];
      if (value === null || value === undefined) continue;
      let accumulator = this.properties.get(name);
      if (!accumulator) {
        accumulator = new PropertyAccumulator();
        this.properties.set(name, accumulator);
      }
      (accumulator as PropertyAccumulator).add(value);
    }
  }

  describe(): PropertyDescription[] {
    return [...this.properties.entries()].map(([name, accumulator]) => accumulator.describe(name));
  }
}
