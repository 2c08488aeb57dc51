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
}: {
  sparse: SparseMatrix;
  dense: Matrix;
  out: Matrix;
  accumulate?: boolean;
}): Matrix {
  const m = dense.cols;
  const { offsets, indices, values } = sparse;
  const D = dense.data;
  const C = out.data;
  if (!accumulate) C.fill(0);
  for (let i = 0; i < sparse.rows; i++) {
    const rowC = i * m;
    for (let e = offsets[i], end = offsets[i + 1]; e < end; e++) {
      const value = values[e];
      const rowD = indices[e] * m;
      for (let j = 0; j < m; j++) C[rowC + j] += value * D[rowD + j];
    }
  }
  return out;
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
