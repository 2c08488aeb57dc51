import type { Random } from "../../algorithms/seeded-random";

const goldenAngle = Math.PI * (3 - Math.sqrt(5));

/**
 * Starting positions that already show the communities: each group gets a disc whose area is
 * proportional to its size, the discs sit on a sunflower spiral (largest in the middle) without
 * overlapping, and members start at seeded random points inside their disc. The force layout
 * then only has to refine, so groups stay visibly apart.
 */
export function initialPositions({
  groupOf,
  groupCount,
  random,
  spacing,
}: {
  /** Per node, its group 0…groupCount-1, numbered largest first. */
  groupOf: Int32Array;
  groupCount: number;
  random: Random;
  /** The ideal edge length of the layout. */
  spacing: number;
}): { xs: Float64Array; ys: Float64Array } {
  const n = groupOf.length;
  const sizes = new Int32Array(groupCount);
  for (let i = 0; i < n; i++) sizes[groupOf[i]]++;
  const radius = new Float64Array(groupCount);
  const centreX = new Float64Array(groupCount);
  const centreY = new Float64Array(groupCount);
  let occupied = 0;
  for (let g = 0; g < groupCount; g++) {
    radius[g] = spacing * Math.sqrt(sizes[g]);
    // The spiral's radius grows with the area already placed, so discs do not overlap much.
    const ring = g === 0 ? 0 : Math.sqrt(occupied) + radius[g];
    centreX[g] = ring * Math.cos(g * goldenAngle);
    centreY[g] = ring * Math.sin(g * goldenAngle);
    occupied += (2.2 * radius[g]) ** 2;
  }
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const g = groupOf[i];
    const r = radius[g] * Math.sqrt(random());
    const angle = 2 * Math.PI * random();
    xs[i] = centreX[g] + r * Math.cos(angle);
    ys[i] = centreY[g] + r * Math.sin(angle);
  }
  return { xs, ys };
}
