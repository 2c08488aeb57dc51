/** Mean and std of a column (std 1 for a constant column, so it standardises to zeros). */
export function standardisation({ values }: { values: Float64Array }): {
  mean: number;
  std: number;
} {
  if (values.length === 0) return { mean: 0, std: 1 };
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  const mean = sum / values.length;
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += (values[i] - mean) ** 2;
  const std = Math.sqrt(squares / values.length);
  return { mean, std: std > 0 ? std : 1 };
}
