import type { GraphData } from "../graph/graph-data";
import { nodePropertyValue, numericColumnIndex } from "../graph/node-properties";
import { type FeatureSchema, nodeIdentityColumn } from "./feature-schema";
import { mlInputError } from "./ml-error";
import { numericValue, profileNodeProperties } from "./property-columns";
import type { SparseMatrix } from "./sparse-matrix";
import type { StructuralValues } from "./structural-features";

/**
 * The n × width feature matrix a schema describes, as CSR: wide 0/1 columns stay sparse
 * (Cora: 49k non-zeros instead of 3.9M), so X·W costs per non-zero, not per cell. Missing
 * numeric values encode as 0, which after standardisation is the mean.
 */
export function buildFeatureMatrix(input: {
  graph: GraphData;
  schema: FeatureSchema;
  structuralValues: StructuralValues;
}): SparseMatrix {
  const { graph, schema } = input;
  const n = graph.nodeIds.length;
  const offsets = new Int32Array(n + 1);
  let indices = new Int32Array(Math.max(16, n * 4));
  let values = new Float32Array(indices.length);
  let write = 0;
  const push = (column: number, value: number) => {
    if (write === indices.length) {
      indices = grow(indices, new Int32Array(indices.length * 2));
      values = grow(values, new Float32Array(values.length * 2));
    }
    indices[write] = column;
    values[write++] = value;
  };
  // Per schema column, its position in the typed store (-1: read from property objects).
  const numeric = graph.nodeNumericColumns;
  const stored = schema.columns.map((feature) =>
    feature.kind === "structural" ? -1 : numericColumnIndex({ graph, name: feature.name }),
  );
  const storeWidth = numeric?.names.length ?? 0;
  for (let u = 0; u < n; u++) {
    const properties = graph.nodeProperties[u];
    let column = 0;
    const binaryStart = write;
    for (let f = 0; f < schema.columns.length; f++) {
      const feature = schema.columns[f];
      if (numeric && stored[f] !== -1 && feature.kind !== "categorical") {
        // A wide table's number, read from the matrix: NaN is an empty cell.
        const number = numeric.values[u * storeWidth + stored[f]];
        if (feature.kind === "binary") {
          if (number === 1) push(column, 1);
        } else if (feature.kind === "numeric" && !Number.isNaN(number)) {
          const z = (number - feature.mean) / feature.std;
          if (z !== 0) push(column, z);
        }
        column++;
        continue;
      }
      if (feature.kind === "structural") {
        const raw = (input.structuralValues[feature.name] as Float64Array)[u];
        const z = (raw - feature.mean) / feature.std;
        if (z !== 0) push(column, z);
        column++;
        continue;
      }
      const value =
        feature.name === nodeIdentityColumn
          ? graph.nodeIds[u]
          : stored[f] !== -1
            ? nodePropertyValue({ graph, node: u, name: feature.name })
            : properties?.[feature.name];
      if (feature.kind === "categorical") {
        const at =
          value === null || value === undefined ? -1 : categoryIndex(feature, String(value));
        if (at >= 0) push(column + at, 1);
        column += feature.categories.length;
        continue;
      }
      const number = numericValue(value);
      if (feature.kind === "binary") {
        if (number === 1) push(column, 1);
      } else if (!Number.isNaN(number)) {
        const z = (number - feature.mean) / feature.std;
        if (z !== 0) push(column, z);
      }
      column++;
    }
    if (schema.binaryNormalisation === "row")
      normaliseBinary(schema, indices, values, binaryStart, write);
    offsets[u + 1] = write;
  }
  return {
    rows: n,
    cols: schema.width,
    offsets,
    indices: indices.slice(0, write),
    values: values.slice(0, write),
    symmetric: false,
  };
}

// Category → position, once per column: the identity column has one category per node.
const categoryIndexes = new WeakMap<object, Map<string, number>>();

function categoryIndex(column: { categories: string[] }, value: string): number {
  let index = categoryIndexes.get(column);
  if (!index) {
    index = new Map(column.categories.map((name, i) => [name, i]));
    categoryIndexes.set(column, index);
  }
  return index.get(value) ?? -1;
}

function grow<T extends Int32Array | Float32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Divides a row's binary entries by how many there are (Kipf's row normalisation). */
function normaliseBinary(
  schema: FeatureSchema,
  indices: Int32Array,
  values: Float32Array,
  start: number,
  end: number,
) {
  const isBinary = binaryColumnMask(schema);
  let count = 0;
  for (let e = start; e < end; e++) if (isBinary[indices[e]]) count++;
  if (count === 0) return;
  for (let e = start; e < end; e++) if (isBinary[indices[e]]) values[e] = 1 / count;
}

const binaryMasks = new WeakMap<FeatureSchema, Uint8Array>();

function binaryColumnMask(schema: FeatureSchema): Uint8Array {
  let mask = binaryMasks.get(schema);
  if (mask) return mask;
  mask = new Uint8Array(schema.width);
  let column = 0;
  for (const feature of schema.columns) {
    if (feature.kind === "binary") mask[column] = 1;
    column += feature.kind === "categorical" ? feature.categories.length : 1;
  }
  binaryMasks.set(schema, mask);
  return mask;
}

/**
 * Refuses a graph that cannot fill a model's schema: a property column no node has, or one
 * whose values are of another kind (text where numbers were, a 0/1 column with other values).
 * Extra properties are fine: the schema says which columns are read.
 */
export function assertFeatureSchemaCompatible(input: {
  graph: GraphData;
  schema: FeatureSchema;
}): void {
  const profiles = profileNodeProperties({ graph: input.graph, distinctLimit: 0 });
  const missing: string[] = [];
  const wrongKind: { name: string; expected: string }[] = [];
  for (const column of input.schema.columns) {
    if (column.kind === "structural" || column.name === nodeIdentityColumn) continue;
    const profile = profiles.get(column.name);
    if (!profile) {
      missing.push(column.name);
      continue;
    }
    if (column.kind === "numeric" && profile.strings > 0) {
      wrongKind.push({ name: column.name, expected: "numeric" });
    }
    if (column.kind === "binary" && (profile.strings > 0 || !profile.zeroOne)) {
      wrongKind.push({ name: column.name, expected: "binary (0/1)" });
    }
  }
  if (missing.length === 0 && wrongKind.length === 0) return;
  throw mlInputError({
    reason: "FEATURE_SCHEMA_MISMATCH",
    message: `The graph's node properties do not match the model's feature schema (${missing.length} missing, ${wrongKind.length} of another kind).`,
    details: { missing: missing.slice(0, 50), missingCount: missing.length, wrongKind },
  });
}
