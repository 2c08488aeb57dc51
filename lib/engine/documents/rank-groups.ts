/**
 * Renumbers groups (communities, types) by size, largest first, ties by lowest member index,
 * so the biggest groups get the first palette colours and the numbering does not depend on how
 * the algorithm happened to label them.
 */
export function rankGroups({
  groupOf,
  groupCount,
}: {
  groupOf: ArrayLike<number>;
  groupCount: number;
}): {
  /** Per node, its group's rank. */
  rankOf: Int32Array;
  /** Per rank, the group size. */
  sizes: Int32Array;
} {
  const n = groupOf.length;
  const sizes = new Int32Array(groupCount);
  const firstMember = new Int32Array(groupCount).fill(n);
  for (let i = 0; i < n; i++) {
    const g = groupOf[i];
    sizes[g]++;
    if (i < firstMember[g]) firstMember[g] = i;
  }
  const used = Array.from({ length: groupCount }, (_, g) => g).filter((g) => sizes[g] > 0);
  used.sort((a, b) => sizes[b] - sizes[a] || firstMember[a] - firstMember[b]);
  const rankOfGroup = new Int32Array(groupCount);
  const rankedSizes = new Int32Array(used.length);
  used.forEach((group, rank) => {
    rankOfGroup[group] = rank;
    rankedSizes[rank] = sizes[group];
  });
  const rankOf = new Int32Array(n);
  for (let i = 0; i < n; i++) rankOf[i] = rankOfGroup[groupOf[i]];
  return { rankOf, sizes: rankedSizes };
}
