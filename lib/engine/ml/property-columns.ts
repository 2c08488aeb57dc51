import type { GraphData, PropertyValue } from "../graph/graph-data";
import { inTableOrder, type NumericColumns } from "../graph/numeric-columns";

/** What the values of one node property look like across a graph. */
export type PropertyProfile = {
  name: string;
  present: number;
  numbers: number;
  booleans: number;
  strings: number;
  /** Every number is 0 or 1. */
  zeroOne: boolean;
  sum: number;
  sumOfSquares: number;
  /** Distinct text forms, up to `distinctLimit` + 1 (more means "too many"). */
  distinct: Set<string>;
};

/**
 * Profiles every node property in one pass over the nodes (first-seen order), so schema
 * derivation and compatibility checks never look at a property twice per node.
 */
export function profileNodeProperties({
  graph,
  distinctLimit,
}: {
  graph: GraphData;
  distinctLimit: number;
}): Map<string, PropertyProfile> {
  const profiles = new Map<string, PropertyProfile>();
  for (const properties of graph.nodeProperties) {
    if (!properties) continue;
    for (const name in properties) {
      const value = properties[name];
      if (value === null || value === "") continue;
      let profile = profiles.get(name);
      if (!profile) {
        profile = emptyProfile(name);
        profiles.set(name, profile);
      }
      addValue(profile, value, distinctLimit);
    }
  }
  if (graph.nodeNumericColumns) {
    profileNumericColumns(graph.nodeNumericColumns, profiles, distinctLimit);
    return inTableOrder(profiles, graph.nodeNumericColumns);
  }
  return profiles;
}

/**
 * The typed store's columns (a wide table's numbers), column by column straight from the
 * matrix: the same profiles the values would give as property objects, after the objects'
 * properties in first-seen order.
 */
function profileNumericColumns(
  columns: NumericColumns,
  profiles: Map<string, PropertyProfile>,
  distinctLimit: number,
) {
  const width = columns.names.length;
  const { values } = columns;
  const rows = width === 0 ? 0 : values.length / width;
  // Row by row (the matrix is row-major), per-column sums in typed arrays; 0 and 1 — nearly
  // every cell of a bag-of-words table — are counted as distinct values by flag, not by Set.
  const present = new Int32Array(width);
  const notZeroOne = new Uint8Array(width);
  const sums = new Float64Array(width);
  const squares = new Float64Array(width);
  const seenZero = new Uint8Array(width);
  const seenOne = new Uint8Array(width);
  const others: Set<number>[] = Array.from({ length: width }, () => new Set<number>());
  for (let u = 0; u < rows; u++) {
    const row = u * width;
    for (let c = 0; c < width; c++) {
      const value = values[row + c];
      if (value === 0) {
        present[c]++;
        seenZero[c] = 1;
      } else if (value === 1) {
        present[c]++;
        sums[c]++;
        squares[c]++;
        seenOne[c] = 1;
      } else if (!Number.isNaN(value)) {
        present[c]++;
        notZeroOne[c] = 1;
        sums[c] += value;
        squares[c] += value * value;
        if (others[c].size <= distinctLimit) others[c].add(value);
      }
    }
  }
  for (let c = 0; c < width; c++) {
    if (present[c] === 0) continue;
    const profile = emptyProfile(columns.names[c]);
    profile.present = present[c];
    profile.numbers = present[c];
    profile.zeroOne = notZeroOne[c] === 0;
    profile.sum = sums[c];
    profile.sumOfSquares = squares[c];
    // The text forms, as many as the objects path would have collected (up to limit + 1).
    const distinct = [...(seenZero[c] ? [0] : []), ...(seenOne[c] ? [1] : []), ...others[c]];
    for (const value of distinct) {
      if (profile.distinct.size > distinctLimit) break;
      profile.distinct.add(String(value));
    }
    profiles.set(profile.name, profile);
  }
}

function emptyProfile(name: string): PropertyProfile {
  return {
    name,
    present: 0,
    numbers: 0,
    booleans: 0,
    strings: 0,
    zeroOne: true,
    sum: 0,
    sumOfSquares: 0,
    distinct: new Set(),
  };
}

function addValue(profile: PropertyProfile, value: PropertyValue, distinctLimit: number) {
  profile.present++;
  if (typeof value === "number") {
    profile.numbers++;
    if (value !== 0 && value !== 1) profile.zeroOne = false;
    profile.sum += value;
    profile.sumOfSquares += value * value;
  } else if (typeof value === "boolean") {
    profile.booleans++;
  } else {
    profile.strings++;
  }
  if (profile.distinct.size <= distinctLimit) profile.distinct.add(String(value));
}

/** A property's value on a node as a number for numeric/binary columns (NaN when absent). */
export function numericValue(value: PropertyValue | undefined): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return Number.NaN;
}
