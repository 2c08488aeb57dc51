/**
 * ROC-AUC (ties count one half, via average ranks: the Mann–Whitney statistic) and average
 * precision (sklearn's step-wise definition: the mean of precision at each positive, tied
 * scores taken as one threshold) of scores for positives (label 1) and negatives (label 0).
 */
export function rankingMetrics({ scores, labels }: { scores: Float64Array; labels: Uint8Array }): {
  auc: number;
  ap: number;
} {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b] - scores[a]);
  let positives = 0;
  for (let i = 0; i < n; i++) positives += labels[i];
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return { auc: Number.NaN, ap: Number.NaN };
  let rankSumPositives = 0;
  let precisionSum = 0;
  let seenPositives = 0;
  for (let start = 0; start < n; ) {
    let end = start;
    let groupPositives = 0;
    while (end < n && scores[order[end]] === scores[order[start]])
      groupPositives += labels[order[end++]];
    // Ranks ascending (1 = lowest score): this group holds ranks n-end+1 … n-start.
    const averageRank = n - (start + end - 1) / 2;
    rankSumPositives += groupPositives * averageRank;
    seenPositives += groupPositives;
    if (groupPositives > 0) precisionSum += (groupPositives * seenPositives) / end;
    start = end;
  }
  const auc = (rankSumPositives - (positives * (positives + 1)) / 2) / (positives * negatives);
  return { auc, ap: precisionSum / positives };
}
