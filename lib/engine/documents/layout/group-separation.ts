/** Only the largest groups push each other apart (pairwise work stays bounded). */
const maxSeparatedGroups = 64;
/** Empty space kept between group discs, in ideal edge lengths. */
const gap = 1.5;

/**
 * Adds to each node's force a push away from every group disc that overlaps its own group's
 * disc (disc radius ∝ √size, as in the initial placement). Inter-community edges pull
 * communities into each other; this keeps them visibly apart without touching the layout inside
 * a group. Groups are numbered largest first, so the first ones are the big ones.
 */
export function addGroupSeparation({
  groupOf,
  groupX,
  groupY,
  groupSize,
  spacing,
  strength,
  fx,
  fy,
}: {
  groupOf: Int32Array;
  /** Per group, the centroid of its members. */
  groupX: Float64Array;
  groupY: Float64Array;
  groupSize: Float64Array;
  spacing: number;
  strength: number;
  fx: Float64Array;
  fy: Float64Array;
}): void {
  const count = Math.min(groupSize.length, maxSeparatedGroups);
  const pushX = new Float64Array(count);
  const pushY = new Float64Array(count);
  for (let a = 0; a < count; a++) {
    if (groupSize[a] < 2) break;
    for (let b = a + 1; b < count; b++) {
      if (groupSize[b] < 2) break;
      const dx = groupX[a] - groupX[b];
      const dy = groupY[a] - groupY[b];
      const distance = Math.sqrt(dx * dx + dy * dy) || 1e-6;
      const wanted = spacing * (Math.sqrt(groupSize[a]) + Math.sqrt(groupSize[b]) + gap);
      if (distance >= wanted) continue;
      const push = (strength * (wanted - distance)) / distance;
      pushX[a] += dx * push;
      pushY[a] += dy * push;
      pushX[b] -= dx * push;
      pushY[b] -= dy * push;
    }
  }
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g >= count) continue;
    fx[i] += pushX[g];
    fy[i] += pushY[g];
  }
}
