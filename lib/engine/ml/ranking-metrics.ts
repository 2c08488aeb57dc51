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

/** One point of a ROC curve (false- and true-positive rate at one threshold). */
export type RocCurvePoint = { fpr: number; tpr: number };

/**
 * The ROC curve of scores for positives (label 1) and negatives (label 0): one point per
 * distinct score, thresholds descending, from (0, 0) to (1, 1). Tied scores are one
 * threshold, so a tie of positives and negatives is one diagonal step — the trapezoids under
 * the full curve then sum to `rankingMetrics`' AUC (ties count one half). Longer curves are
 * thinned to at most `maxPoints` (≥ 2), evenly spaced along fpr + tpr (which grows by one
 * step per threshold and runs 0 → 2), so a chart has a bounded number of points wherever the
 * curve bends; the endpoints are always kept exactly. Empty when one class is missing.
 */
export function rocCurvePoints({
  scores,
  labels,
  maxPoints = 101,
}: {
  scores: Float64Array;
  labels: Uint8Array;
  maxPoints?: number;
}): RocCurvePoint[] {
  const n = scores.length;
  let positives = 0;
  for (let i = 0; i < n; i++) positives += labels[i];
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return [];
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b] - scores[a]);
  const full: RocCurvePoint[] = [{ fpr: 0, tpr: 0 }];
  let truePositives = 0;
  let falsePositives = 0;
  for (let start = 0; start < n; ) {
    let end = start;
    while (end < n && scores[order[end]] === scores[order[start]]) {
      if (labels[order[end]] === 1) truePositives++;
      else falsePositives++;
      end++;
    }
    full.push({ fpr: falsePositives / negatives, tpr: truePositives / positives });
    start = end;
  }
  return thinCurve(full, Math.max(2, Math.floor(maxPoints)));
}

function thinCurve(full: RocCurvePoint[], maxPoints: number): RocCurvePoint[] {
  if (full.length <= maxPoints) return full;
  const thinned: RocCurvePoint[] = [full[0]];
  let index = 0;
  for (let k = 1; k < maxPoints - 1; k++) {
    const target = (2 * k) / (maxPoints - 1);
    while (index < full.length - 1 && full[index].fpr + full[index].tpr < target) index++;
    if (index < full.length - 1 && full[index] !== thinned[thinned.length - 1]) {
      thinned.push(full[index]);
    }
  }
  thinned.push(full[full.length - 1]);
  return thinned;
}
