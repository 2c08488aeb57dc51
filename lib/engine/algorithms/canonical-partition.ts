import { rankGroups } from "../documents/rank-groups";

/** A partition whose group numbers mean something: 0 is the largest community. */
export type CanonicalPartition = {
  /** Per node, its community id. */
  communityOf: Int32Array;
  /** Per community id, its size (largest first). */
  sizes: Int32Array;
  count: number;
};

/**
 * Renumbers a partition by community size, largest first, ties by smallest member (node
 * index), and drops empty labels. An algorithm's own labels depend on its visiting order, so
 * the table of a run, the picture beside it and the Graph page would each call the same
 * community by a different number; numbered this way they agree whenever the partition does.
 */
export function canonicalPartition({
  communityOf,
  count,
}: {
  communityOf: Int32Array;
  count: number;
}): CanonicalPartition {
  const ranked = rankGroups({ groupOf: communityOf, groupCount: count });
  return { communityOf: ranked.rankOf, sizes: ranked.sizes, count: ranked.sizes.length };
}
