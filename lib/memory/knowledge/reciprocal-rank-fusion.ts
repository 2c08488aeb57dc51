/** The RRF constant: 60, as in Cormack et al. (2009); it damps the weight of the very top ranks. */
export const rrfConstant = 60;

/** One item's place on each side (1-based), null when that side did not return it. */
export type FusedRank = {
  id: string;
  vectorRank: number | null;
  textRank: number | null;
  score: number;
};

/**
 * Reciprocal-rank fusion of the vector and full-text rankings (MEM-2): score = Σ 1/(60 + rank)
 * over the sides that found the item. Ranks, not raw scores, are fused, so cosine similarity
 * and ts_rank need no common scale. Ties keep the vector side's order.
 */
export function fuseRanks(input: {
  vectorIds: string[];
  /** Text hits best first; equal text scores share a rank (a tie says nothing about order). */
  textHits: { id: string; rank: number }[];
}): FusedRank[] {
  const byId = new Map<string, FusedRank>();
  const entry = (id: string) => {
    let found = byId.get(id);
    if (!found) {
      found = { id, vectorRank: null, textRank: null, score: 0 };
      byId.set(id, found);
    }
    return found;
  };
  input.vectorIds.forEach((id, index) => {
    const item = entry(id);
    item.vectorRank = index + 1;
    item.score += 1 / (rrfConstant + index + 1);
  });
  let place = 0;
  input.textHits.forEach((hit, index) => {
    // Standard competition ranking ("1224"): ties share the best place.
    if (index === 0 || hit.rank !== input.textHits[index - 1].rank) place = index + 1;
    const item = entry(hit.id);
    item.textRank = place;
    item.score += 1 / (rrfConstant + place);
  });
  return [...byId.values()].sort(
    (a, b) =>
      b.score - a.score ||
      (a.vectorRank ?? Number.POSITIVE_INFINITY) - (b.vectorRank ?? Number.POSITIVE_INFINITY),
  );
}
