import type { BoundedList } from "./top-k";

/** One group of a partition (component or community), by node indices. */
export type PartitionGroup = {
  /** The group's number in `groupOf`. */
  group: number;
  size: number;
  /** Members by ascending index, at most `memberLimit` of them. */
  members: number[];
  membersTruncated: boolean;
};

/** Sizes of the groups of a partition (groupOf[u] in 0…count-1). */
export function groupSizes({ groupOf, count }: { groupOf: Int32Array; count: number }): Int32Array {
  const sizes = new Int32Array(count);
  for (let u = 0; u < groupOf.length; u++) sizes[groupOf[u]]++;
  return sizes;
}

/**
 * The `limit` largest groups (ties: lower group number first), each with up to `memberLimit`
 * members, so a partition of a million nodes becomes a payload an agent can read.
 */
export function summarizePartition({
  groupOf,
  count,
  limit = 10,
  memberLimit = 20,
}: {
  groupOf: Int32Array;
  count: number;
  limit?: number;
  memberLimit?: number;
}): BoundedList<PartitionGroup> {
  const sizes = groupSizes({ groupOf, count });
  const order = Array.from({ length: count }, (_, group) => group);
  order.sort((a, b) => sizes[b] - sizes[a] || a - b);
  const chosen = order.slice(0, Math.max(0, limit));
  // Slot of each chosen group, −1 for the rest, so one pass over the nodes fills them all.
  const slotOf = new Int32Array(count).fill(-1);
  const items: PartitionGroup[] = chosen.map((group, slot) => {
    slotOf[group] = slot;
    return { group, size: sizes[group], members: [], membersTruncated: sizes[group] > memberLimit };
  });
  for (let u = 0; u < groupOf.length; u++) {
    const slot = slotOf[groupOf[u]];
    if (slot >= 0 && items[slot].members.length < memberLimit) items[slot].members.push(u);
  }
  return { items, truncated: count > items.length, total: count };
}
