import type { Matrix } from "./dense-matrix";

/**
 * A sparse matrix in CSR form: row i holds `values[k]` at column `indices[k]` for
 * k in offsets[i]…offsets[i+1]-1. Used both for propagation matrices (Â, mean aggregation) and
 * for feature matrices, which are mostly zeros when they carry wide 0/1 columns (Cora: 1.3 %).
 */
export type SparseMatrix = {
  rows: number;
  cols: number;
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  /** True when the matrix equals its transpose, so Sᵀ·x can reuse the row-wise kernel. */
  symmetric: boolean;
};

/** out (+)= s · dense: a gather over each row's entries, contiguous reads of dense rows. */
export function sparseMultiply({
  sparse,
  dense,
  out,
  accumulate = false,
  scale = 1,
}: {
  sparse: SparseMatrix;
  dense: Matrix;
  out: Matrix;
  accumulate?: boolean;
  /** Multiplies every entry of `sparse` (a scaled propagation without a second pass). */
  scale?: number;
}): Matrix {
  const C = out.data;
  if (!accumulate) C.fill(0);
  gatherRows({ sparse, dense: dense.data, cols: dense.cols, out: C, scale });
  return out;
}

/**
 * out[i] += scale · Σₑ values[e] · dense[indices[e]] over row i's entries, four entries at a
 * time: each element of the output row is then loaded and stored once per four neighbours
 * instead of once per neighbour, which made the gather about twice as fast.
 */
export function gatherRows(input: {
  sparse: SparseMatrix;
  dense: Float32Array;
  cols: number;
  out: Float32Array;
  scale: number;
}): void {
  const { sparse, dense: D, cols: m, out: C, scale } = input;
  const { offsets, indices, values } = sparse;
  for (let i = 0; i < sparse.rows; i++) {
    const rowC = i * m;
    const end = offsets[i + 1];
    let e = offsets[i];
    for (; e + 3 < end; e += 4) {
      const v0 = scale * values[e];
      const v1 = scale * values[e + 1];
      const v2 = scale * values[e + 2];
      const v3 = scale * values[e + 3];
      const d0 = indices[e] * m;
      const d1 = indices[e + 1] * m;
      const d2 = indices[e + 2] * m;
      const d3 = indices[e + 3] * m;
      for (let j = 0; j < m; j++) {
        C[rowC + j] += v0 * D[d0 + j] + v1 * D[d1 + j] + v2 * D[d2 + j] + v3 * D[d3 + j];
      }
    }
    for (; e < end; e++) {
      const value = scale * values[e];
      const rowD = indices[e] * m;
      for (let j = 0; j < m; j++) C[rowC + j] += value * D[rowD + j];
    }
  }
}

/** out (+)= sᵀ · dense without forming sᵀ: a scatter of each row into the rows it names. */
export function sparseMultiplyTransposed({
  sparse,
  dense,
  out,
  accumulate = false,
}: {
  sparse: SparseMatrix;
  dense: Matrix;
  out: Matrix;
  accumulate?: boolean;
}): Matrix {
  if (sparse.symmetric) return sparseMultiply({ sparse, dense, out, accumulate });
  const m = dense.cols;
  const { offsets, indices, values } = sparse;
  const D = dense.data;
  const C = out.data;
  if (!accumulate) C.fill(0);
  for (let i = 0; i < sparse.rows; i++) {
    const rowD = i * m;
    for (let e = offsets[i], end = offsets[i + 1]; e < end; e++) {
      const value = values[e];
      const rowC = indices[e] * m;
      for (let j = 0; j < m; j++) C[rowC + j] += value * D[rowD + j];
    }
  }
  return out;
}

/** A copy of `sparse` with the same structure and new values (sparse dropout). */
export function withValues({
  sparse,
  values,
}: {
  sparse: SparseMatrix;
  values: Float32Array;
}): SparseMatrix {
  return { ...sparse, values, symmetric: false };
}
