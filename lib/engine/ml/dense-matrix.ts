/** A row-major dense matrix: element (i, j) is `data[i * cols + j]`. */
export type Matrix = { rows: number; cols: number; data: Float32Array };

/** A zero-filled matrix. */
export function createMatrix({ rows, cols }: { rows: number; cols: number }): Matrix {
  return { rows, cols, data: new Float32Array(rows * cols) };
}

/**
 * out (+)= a · b. The i-k-j loop order reads `b` and writes `out` row by row, so the inner loop
 * is a contiguous axpy the JIT keeps in registers; the naive i-j-k order strides down `b`'s
 * columns and is several times slower once `b` leaves the cache.
 */
export function multiply({
  a,
  b,
  out,
  accumulate = false,
}: {
  a: Matrix;
  b: Matrix;
  out: Matrix;
  accumulate?: boolean;
}): Matrix {
  const { rows: n, cols: k } = a;
  const m = b.cols;
  const A = a.data;
  const B = b.data;
  const C = out.data;
  if (!accumulate) C.fill(0);
  for (let i = 0; i < n; i++) {
    const rowC = i * m;
    for (let p = 0; p < k; p++) {
      const value = A[i * k + p];
      if (value === 0) continue;
      const rowB = p * m;
      for (let j = 0; j < m; j++) C[rowC + j] += value * B[rowB + j];
    }
  }
  return out;
}

/** out (+)= aᵀ · b (weight gradients: inputᵀ · upstream gradient), without forming aᵀ. */
export function multiplyTransposeA({
  a,
  b,
  out,
  accumulate = false,
}: {
  a: Matrix;
  b: Matrix;
  out: Matrix;
  accumulate?: boolean;
}): Matrix {
  const { rows: n, cols: k } = a;
  const m = b.cols;
  const A = a.data;
  const B = b.data;
  const C = out.data;
  if (!accumulate) C.fill(0);
  for (let i = 0; i < n; i++) {
    const rowB = i * m;
    for (let p = 0; p < k; p++) {
      const value = A[i * k + p];
      if (value === 0) continue;
      const rowC = p * m;
      for (let j = 0; j < m; j++) C[rowC + j] += value * B[rowB + j];
    }
  }
  return out;
}

/** out (+)= a · bᵀ (input gradients: upstream gradient · weightᵀ); rows of both are contiguous. */
export function multiplyTransposeB({
  a,
  b,
  out,
  accumulate = false,
}: {
  a: Matrix;
  b: Matrix;
  out: Matrix;
  accumulate?: boolean;
}): Matrix {
  const { rows: n, cols: k } = a;
  const m = b.rows;
  const A = a.data;
  const B = b.data;
  const C = out.data;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      let sum = 0;
      for (let p = 0; p < k; p++) sum += A[i * k + p] * B[j * k + p];
      C[i * m + j] = accumulate ? C[i * m + j] + sum : sum;
    }
  }
  return out;
}

/** Adds `bias` (length cols) to every row. */
export function addRowVector({ matrix, bias }: { matrix: Matrix; bias: Float32Array }): void {
  const { rows, cols, data } = matrix;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) data[i * cols + j] += bias[j];
  }
}

/** out (+)= column sums of `matrix` (bias gradients). */
export function sumColumns({
  matrix,
  out,
  accumulate = false,
}: {
  matrix: Matrix;
  out: Float32Array;
  accumulate?: boolean;
}): void {
  const { rows, cols, data } = matrix;
  if (!accumulate) out.fill(0);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) out[j] += data[i * cols + j];
  }
}
