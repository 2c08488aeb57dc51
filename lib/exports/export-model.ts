import { defaultTypeName } from "@/lib/engine/graph/graph-builder";
import type { GraphData, PropertyValue } from "@/lib/engine/graph/graph-data";
import { withNodePropertyObjects } from "@/lib/engine/graph/node-properties";

/** The declared type of an exported attribute, as GraphML names it (GEXF and GML map it). */
export type AttributeKind = "long" | "double" | "boolean" | "string";

/** One exported node or edge attribute: its exported name, declared type and values. */
export type ExportAttribute = {
  name: string;
  kind: AttributeKind;
  /** The value of element `index`; null when the element has none (nothing is written). */
  read: (index: number) => PropertyValue;
};

/** A measure computed for the export, one value per node index (export_graph's `measures`). */
export type NodeMeasureColumn = {
  name: string;
  kind: "long" | "double";
  values: ArrayLike<number>;
};

/** Everything a writer needs: the graph, its shape and the attributes with their final names. */
export type ExportModel = {
  graph: GraphData;
  directed: boolean;
  multigraph: boolean;
  weighted: boolean;
  nodeAttributes: ExportAttribute[];
  edgeAttributes: ExportAttribute[];
};

/** How a format names attributes: the names it reserves and what a valid name looks like. */
export type AttributeNaming = {
  reservedNodeNames: readonly string[];
  reservedEdgeNames: readonly string[];
  /** Turns a property name into one the format accepts (identity for most formats). */
  validName?: (name: string) => string;
};

/**
 * The graph as a writer sees it: every node and edge property with one declared type (a
 * property whose values disagree, e.g. numbers and text, is written as text so nothing is lost),
 * and names that never collide with the format's own fields (`id`, `label`, `type`, `weight`…):
 * a property called `type` is exported as `type_property`.
 */
export function buildExportModel(input: {
  graph: GraphData;
  naming: AttributeNaming;
  measures?: NodeMeasureColumn[];
}): ExportModel {
  const { naming } = input;
  // Exports write properties node by node: a wide table's typed store is read as objects.
  const graph = withNodePropertyObjects(input.graph);
  const measures = input.measures ?? [];
  // A measure asked for by name keeps that name; a property that happens to share it is renamed.
  const nodeNames = new UniqueNames(
    [...naming.reservedNodeNames, ...measures.map((measure) => measure.name)],
    naming.validName,
  );
  const edgeNames = new UniqueNames(naming.reservedEdgeNames, naming.validName);
  const nodeAttributes = propertyAttributes(graph.nodeProperties, nodeNames);
  for (const measure of measures) {
    const values = measure.values;
    nodeAttributes.push({ name: measure.name, kind: measure.kind, read: (index) => values[index] });
  }
  return {
    graph,
    directed: graph.directed,
    multigraph: hasParallelEdges(graph),
    weighted: graph.edgeWeights !== null,
    nodeAttributes,
    edgeAttributes: propertyAttributes(graph.edgeProperties, edgeNames),
  };
}

/** Per element kind, the properties in first-seen order with the one type their values allow. */
function propertyAttributes(
  properties: GraphData["nodeProperties"],
  names: UniqueNames,
): ExportAttribute[] {
  const kinds = new Map<string, AttributeKind>();
  for (const element of properties) {
    if (!element) continue;
    for (const key in element) {
      const value = element[key];
      if (value === null || value === undefined) continue;
      kinds.set(key, widen(kinds.get(key), kindOfValue(value)));
    }
  }
  return [...kinds.entries()].map(([key, kind]) => ({
    name: names.claim(key),
    kind,
    read: (index: number) => {
      const value = properties[index]?.[key] ?? null;
      if (value === null || kind !== "string" || typeof value === "string") return value;
      return String(value);
    },
  }));
}

function kindOfValue(value: string | number | boolean): AttributeKind {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isSafeInteger(value) ? "long" : "double";
  return "string";
}

/** The narrowest kind holding both: long and double make double; anything else mixed is text. */
function widen(seen: AttributeKind | undefined, next: AttributeKind): AttributeKind {
  if (seen === undefined || seen === next) return next;
  const numeric = new Set<AttributeKind>(["long", "double"]);
  if (numeric.has(seen) && numeric.has(next)) return "double";
  return "string";
}

/** Hands out attribute names once each, renaming a clash with a reserved or earlier name. */
class UniqueNames {
  private readonly taken: Set<string>;

  constructor(
    reserved: readonly string[],
    private readonly validName: (name: string) => string = (name) => name,
  ) {
    this.taken = new Set(reserved);
  }

  claim(property: string): string {
    const base = this.validName(property);
    let name = this.taken.has(base) ? this.validName(`${base}_property`) : base;
    for (let suffix = 2; this.taken.has(name); suffix++) name = `${base}_property_${suffix}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * True when two edges join the same pair (in either order when undirected): readers such as
 * NetworkX need to know to build a multigraph. Pairs are packed into one sorted Float64Array
 * (8 bytes an edge) rather than a Set of strings, so a 10M-edge graph stays within ~80 MB.
 */
export function hasParallelEdges(graph: GraphData): boolean {
  const edgeCount = graph.edgeSources.length;
  const nodeCount = graph.nodeIds.length;
  if (nodeCount * nodeCount > Number.MAX_SAFE_INTEGER) return hasParallelEdgesBySet(graph);
  const pairs = new Float64Array(edgeCount);
  for (let edge = 0; edge < edgeCount; edge++) {
    let source = graph.edgeSources[edge];
    let target = graph.edgeTargets[edge];
    if (!graph.directed && source > target) [source, target] = [target, source];
    pairs[edge] = source * nodeCount + target;
  }
  pairs.sort();
  for (let index = 1; index < edgeCount; index++) {
    if (pairs[index] === pairs[index - 1]) return true;
  }
  return false;
}

function hasParallelEdgesBySet(graph: GraphData): boolean {
  const seen = new Set<string>();
  for (let edge = 0; edge < graph.edgeSources.length; edge++) {
    const ends = [graph.edgeSources[edge], graph.edgeTargets[edge]];
    if (!graph.directed) ends.sort((left, right) => left - right);
    const key = `${ends[0]}:${ends[1]}`;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/**
 * A node's type name, or null for an untyped node: the builder gives elements without a type
 * the name "default", which is no value of the uploaded file and must not come back as one
 * (a GEXF or node-link file without types exported again would gain `type: "default"`).
 */
export function nodeTypeOf(graph: GraphData, node: number): string | null {
  return typeName(graph.nodeTypeNames[graph.nodeTypeIndex[node]]);
}

/** An edge's type name, or null for an untyped edge (see nodeTypeOf). */
export function edgeTypeOf(graph: GraphData, edge: number): string | null {
  return typeName(graph.edgeTypeNames[graph.edgeTypeIndex[edge]]);
}

function typeName(name: string): string | null {
  return name === defaultTypeName ? null : name;
}
