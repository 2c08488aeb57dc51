import { EngineError } from "../engine-error";
import type { GraphData, PropertyValue } from "../graph/graph-data";
import { numericCell, numericColumnIndex } from "../graph/node-properties";
import { resolveTypeIndex } from "../search/search-options";

/** How a `where` condition compares a node's property with the given value. */
export type ConditionOperator = "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "in" | "contains";

/** One property condition; a node passes a filter when it meets all of them. */
export type PropertyCondition = {
  property: string;
  op: ConditionOperator;
  value: PropertyValue | PropertyValue[];
};

/** Which nodes a ranking keeps: by type and by property conditions. */
export type NodeFilter = {
  nodeTypes?: string | string[];
  where?: PropertyCondition[];
};

/**
 * A 0/1 mask by node index of the nodes that pass the filter, or null when the filter keeps
 * every node (so kernels can skip the test). An unknown type or a property no node has is an
 * INVALID_REQUEST that lists what exists, so a caller guessing a name learns the real ones.
 */
export function buildNodeMask({
  graph,
  filter,
}: {
  graph: GraphData;
  filter: NodeFilter;
}): Uint8Array | null {
  const typeList =
    filter.nodeTypes === undefined
      ? []
      : Array.isArray(filter.nodeTypes)
        ? filter.nodeTypes
        : [filter.nodeTypes];
  const conditions = filter.where ?? [];
  if (typeList.length === 0 && conditions.length === 0) return null;
  const n = graph.nodeIds.length;
  const mask = new Uint8Array(n);
  const ofType =
    typeList.length > 0
      ? nodeTypeMask({
          graph,
          typeIndices: typeList.map((type) =>
            resolveTypeIndex({ typeNames: graph.nodeTypeNames, type, kind: "node" }),
          ),
        })
      : null;
  // `id` names the node's own id unless the data has a property of that name: how a caller
  // keeps a set of nodes it already knows (the nodes an earlier answer listed).
  const readsId = conditions.map(
    (condition) => condition.property === "id" && !hasProperty(graph, "id"),
  );
  for (const [c, condition] of conditions.entries()) {
    if (!readsId[c]) assertPropertyExists(graph, condition.property);
  }
  const tests = conditions.map(compileCondition);
  // A wide table's numeric columns are read from the typed store.
  const numericColumn = conditions.map((condition, c) =>
    readsId[c] ? -1 : numericColumnIndex({ graph, name: condition.property }),
  );
  const numeric = graph.nodeNumericColumns;
  for (let u = 0; u < n; u++) {
    if (ofType && ofType[u] === 0) continue;
    const properties = graph.nodeProperties[u];
    let passes = true;
    for (let c = 0; c < tests.length && passes; c++) {
      const value = readsId[c]
        ? graph.nodeIds[u]
        : numeric && numericColumn[c] !== -1
          ? numericCell(numeric, u, numericColumn[c])
          : properties
            ? properties[conditions[c].property]
            : undefined;
      passes = value !== undefined && value !== null && tests[c](value);
    }
    if (passes) mask[u] = 1;
  }
  return mask;
}

/** 0/1 by node index: 1 for the nodes whose type is one of `typeIndices`. */
export function nodeTypeMask({
  graph,
  typeIndices,
}: {
  graph: GraphData;
  typeIndices: Iterable<number>;
}): Uint8Array {
  const wanted = new Uint8Array(graph.nodeTypeNames.length);
  for (const index of typeIndices) wanted[index] = 1;
  return Uint8Array.from(graph.nodeTypeIndex, (type) => wanted[type]);
}

/** The node indices a mask keeps, ascending. */
export function keptNodes({ mask }: { mask: Uint8Array }): Int32Array {
  let kept = 0;
  for (let u = 0; u < mask.length; u++) kept += mask[u];
  const nodes = new Int32Array(kept);
  let write = 0;
  for (let u = 0; u < mask.length; u++) if (mask[u]) nodes[write++] = u;
  return nodes;
}

function hasProperty(graph: GraphData, property: string): boolean {
  if (numericColumnIndex({ graph, name: property }) !== -1) return graph.nodeIds.length > 0;
  return graph.nodeProperties.some((properties) => properties !== null && property in properties);
}

function assertPropertyExists(graph: GraphData, property: string): void {
  if (numericColumnIndex({ graph, name: property }) !== -1 && graph.nodeIds.length > 0) return;
  const known = new Set<string>(graph.nodeNumericColumns?.names.slice(0, 200));
  for (const properties of graph.nodeProperties) {
    if (!properties) continue;
    if (property in properties) return;
    if (known.size < 200) for (const name of Object.keys(properties)) known.add(name);
  }
  const names = [...known].sort();
  throw new EngineError(
    "INVALID_REQUEST",
    names.length > 0
      ? `No node has the property "${property}". Node properties: ${names.slice(0, 50).join(", ")}.`
      : `No node has the property "${property}": the graph's nodes carry no properties.`,
    { property, knownProperties: names.slice(0, 50) },
  );
}

type ValueTest = (value: string | number | boolean) => boolean;

function compileCondition(condition: PropertyCondition): ValueTest {
  const { op, value } = condition;
  if (op === "in") {
    const options = (Array.isArray(value) ? value : [value]).filter((option) => option !== null);
    const tests = options.map((option) => equalsTest(option as string | number | boolean));
    return (actual) => tests.some((test) => test(actual));
  }
  if (Array.isArray(value)) {
    throw new EngineError(
      "INVALID_REQUEST",
      `The condition on "${condition.property}" uses "${op}" with a list; only "in" takes a list.`,
    );
  }
  if (value === null) {
    throw new EngineError(
      "INVALID_REQUEST",
      `The condition on "${condition.property}" compares with null; give a value.`,
    );
  }
  switch (op) {
    case "eq":
      return equalsTest(value);
    case "ne": {
      const equals = equalsTest(value);
      return (actual) => !equals(actual);
    }
    case "contains": {
      const needle = String(value).toLowerCase();
      return (actual) => String(actual).toLowerCase().includes(needle);
    }
    default:
      return orderTest(condition.property, op, value);
  }
}

// Numbers compare as numbers even when one side is text ("12" equals 12): CSV cells and SQL
// values reach the graph as either, and a caller cannot know which.
function asNumber(value: string | number | boolean): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function equalsTest(expected: string | number | boolean): ValueTest {
  const expectedNumber = asNumber(expected);
  const expectedText = String(expected).trim().toLowerCase();
  return (actual) => {
    if (expectedNumber !== null) {
      const actualNumber = asNumber(actual);
      if (actualNumber !== null) return actualNumber === expectedNumber;
    }
    return String(actual).trim().toLowerCase() === expectedText;
  };
}

function orderTest(
  property: string,
  op: "lt" | "lte" | "gt" | "gte",
  expected: string | number | boolean,
): ValueTest {
  const bound = asNumber(expected);
  const compare = (difference: number) =>
    op === "lt"
      ? difference < 0
      : op === "lte"
        ? difference <= 0
        : op === "gt"
          ? difference > 0
          : difference >= 0;
  if (bound !== null) {
    return (actual) => {
      const number = asNumber(actual);
      return number !== null && compare(number - bound);
    };
  }
  if (typeof expected === "boolean") {
    throw new EngineError(
      "INVALID_REQUEST",
      `The condition on "${property}" orders by a boolean; use eq or ne.`,
    );
  }
  // Text bounds order as text (ISO dates such as "2026-06-01" order correctly this way).
  return (actual) => compare(String(actual).localeCompare(String(expected)));
}
