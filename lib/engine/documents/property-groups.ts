import type { Properties, PropertyValue } from "../graph/graph-data";

/** The name of the group of nodes that do not carry the property. */
export const missingValueLabel = "(no value)";

/** The text a property value is listed under in a legend. */
export function propertyValueLabel(value: PropertyValue | undefined): string {
  return value === null || value === undefined || value === "" ? missingValueLabel : String(value);
}

/**
 * Nodes grouped by the value of one property, for colouring: the `maxGroups` most frequent
 * values get ranks 0…maxGroups-1 (most frequent first, ties by first appearance), every other
 * value is pooled as rank -1 ("other"), so a property with hundreds of values still draws with
 * a readable legend. Nodes without the property form a "(no value)" group like any value.
 */
export function propertyGroups({
  properties,
  name,
  maxGroups,
}: {
  properties: readonly Properties[];
  name: string;
  maxGroups: number;
}): {
  /** Per node, its group's rank, or -1 for the pooled rest. */
  rankOf: Int32Array;
  /** Per rank, the value's label and how many nodes carry it. */
  groups: { label: string; size: number }[];
  /** Nodes and distinct values pooled into "other". */
  other: { size: number; valueCount: number };
} {
  const labels = properties.map((row) => propertyValueLabel(row?.[name]));
  const counts = new Map<string, { size: number; first: number }>();
  labels.forEach((label, node) => {
    const entry = counts.get(label);
    if (entry) entry.size += 1;
    else counts.set(label, { size: 1, first: node });
  });
  const ranked = [...counts.entries()].sort(
    ([, left], [, right]) => right.size - left.size || left.first - right.first,
  );
  const kept = ranked.slice(0, Math.max(0, maxGroups));
  const rankOfLabel = new Map(kept.map(([label], rank) => [label, rank]));
  const rankOf = Int32Array.from(labels, (label) => rankOfLabel.get(label) ?? -1);
  const pooled = ranked.slice(kept.length);
  return {
    rankOf,
    groups: kept.map(([label, entry]) => ({ label, size: entry.size })),
    other: {
      size: pooled.reduce((sum, [, entry]) => sum + entry.size, 0),
      valueCount: pooled.length,
    },
  };
}
