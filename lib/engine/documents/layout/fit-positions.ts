/** Half the side of the square positions are fitted into. */
export const layoutExtent = 100;

/**
 * Centres the layout on the origin and scales it so the larger half-extent is `layoutExtent`,
 * rounding to hundredths: the scale of a force layout is arbitrary, and fixed, short numbers
 * keep documents small and comparable.
 */
export function fitPositions({ xs, ys }: { xs: Float64Array; ys: Float64Array }): {
  xs: Float64Array;
  ys: Float64Array;
} {
  const n = xs.length;
  if (n === 0) return { xs: new Float64Array(0), ys: new Float64Array(0) };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, xs[i]);
    maxX = Math.max(maxX, xs[i]);
    minY = Math.min(minY, ys[i]);
    maxY = Math.max(maxY, ys[i]);
  }
  const half = Math.max(maxX - minX, maxY - minY) / 2;
  const scale = half > 0 ? layoutExtent / half : 0;
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  const fittedX = new Float64Array(n);
  const fittedY = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    fittedX[i] = Math.round((xs[i] - centreX) * scale * 100) / 100;
    fittedY[i] = Math.round((ys[i] - centreY) * scale * 100) / 100;
  }
  return { xs: fittedX, ys: fittedY };
}
