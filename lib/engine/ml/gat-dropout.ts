import type { Random } from "../algorithms/seeded-random";
import type { SparseMatrix } from "./sparse-matrix";

/**
 * Draws one 32-bit seed from the caller's generator: the masks below then run their own copy
 * of the same mulberry32 generator inline. Calling the `Random` closure once per entry cost
 * more than the rest of the mask (a GAT epoch on Cora draws ≈ 340k of them); seeding from the
 * caller's stream keeps training reproducible from its seed.
 */
function seedFrom(random: Random): number {
  return (random() * 4294967296) >>> 0;
}

/**
 * Which parts of a mask a pass reads: row i spans [i·width, (i+1)·width), or with `offsets`
 * [offsets[i]·width, offsets[i+1]·width) (per-edge masks of a CSR graph); only flagged rows are
 * drawn.
 */
export type MaskRows = { flags: Uint8Array; width: number; offsets: Int32Array | null };

/**
 * Inverted dropout into `mask[0…count)`, or into the flagged rows of `rows`: 0 with
 * probability `rate`, else 1/(1-rate), so evaluation needs no rescaling.
 */
export function fillDropoutMask(input: {
  mask: Float32Array;
  count: number;
  rate: number;
  random: Random;
  rows?: MaskRows | null;
}): void {
  const { mask, count, rate } = input;
  const keep = 1 / (1 - rate);
  const threshold = rate * 4294967296;
  let state = seedFrom(input.random);
  const rows = input.rows;
  const segments = rows ? rows.flags.length : 1;
  for (let r = 0; r < segments; r++) {
    let start = 0;
    let end = count;
    if (rows) {
      if (rows.flags[r] === 0) continue;
      start = (rows.offsets ? rows.offsets[r] : r) * rows.width;
      end = (rows.offsets ? rows.offsets[r + 1] : r + 1) * rows.width;
    }
    for (let i = start; i < end; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      mask[i] = (t ^ (t >>> 14)) >>> 0 < threshold ? 0 : keep;
    }
  }
}

/** Reusable arrays for {@link dropSparseEntries}: as large as the matrix it drops from. */
export type SparseDropoutBuffers = {
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
};

export function createSparseDropoutBuffers(sparse: SparseMatrix): SparseDropoutBuffers {
  return {
    offsets: new Int32Array(sparse.rows + 1),
    indices: new Int32Array(sparse.values.length),
    values: new Float32Array(sparse.values.length),
  };
}

/**
 * Inverted dropout on a sparse matrix that keeps only the surviving entries (in `buffers`), so
 * the two products with the features (forward and weight gradient) skip the dropped ones. Rows
 * not flagged in `rows` (when given) come out empty.
 */
export function dropSparseEntries(input: {
  sparse: SparseMatrix;
  rate: number;
  random: Random;
  buffers: SparseDropoutBuffers;
  rows?: Uint8Array | null;
}): SparseMatrix {
  const { sparse, rate } = input;
  const { offsets, indices, values } = input.buffers;
  const keep = 1 / (1 - rate);
  const threshold = rate * 4294967296;
  const sourceOffsets = sparse.offsets;
  const sourceIndices = sparse.indices;
  const sourceValues = sparse.values;
  let state = seedFrom(input.random);
  const rows = input.rows;
  let kept = 0;
  offsets[0] = 0;
  for (let i = 0; i < sparse.rows; i++) {
    if (rows && rows[i] === 0) {
      offsets[i + 1] = kept;
      continue;
    }
    const end = sourceOffsets[i + 1];
    for (let e = sourceOffsets[i]; e < end; e++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      if ((t ^ (t >>> 14)) >>> 0 < threshold) continue;
      indices[kept] = sourceIndices[e];
      values[kept++] = sourceValues[e] * keep;
    }
    offsets[i + 1] = kept;
  }
  return {
    rows: sparse.rows,
    cols: sparse.cols,
    offsets,
    indices: indices.subarray(0, kept),
    values: values.subarray(0, kept),
    symmetric: false,
  };
}
