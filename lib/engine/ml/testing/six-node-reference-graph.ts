import type { SparseMatrix } from "../sparse-matrix";

/**
 * The 6-node graph the PyTorch reference scripts (testing/*-reference.py) build too: a
 * triangle 0-1-2, a path 2-3-4 and an isolated node 5, with features and weights from one
 * closed form so the scripts need no shared data file.
 */
export const sixNodePairs = {
  nodeCount: 6,
  sources: Int32Array.from([0, 0, 1, 2, 3]),
  targets: Int32Array.from([1, 2, 2, 3, 4]),
};

/** The scripts' closed-form values: scale · 0.4 · sin(1.3 i + 0.7 j + salt), row-major. */
export function referenceFormula(rows: number, cols: number, salt: number, scale = 1) {
  return Float32Array.from({ length: rows * cols }, (_, k) => {
    const i = Math.floor(k / cols);
    const j = k % cols;
    return scale * 0.4 * Math.sin(1.3 * i + 0.7 * j + salt);
  });
}

/** Four dense feature columns per node, stored as CSR as the networks read them. */
export const sixNodeFeatures: SparseMatrix = {
  rows: 6,
  cols: 4,
  offsets: Int32Array.from({ length: 7 }, (_, i) => i * 4),
  indices: Int32Array.from({ length: 24 }, (_, i) => i % 4),
  values: referenceFormula(6, 4, 0.1),
  symmetric: false,
};

export const sixNodeLabels = Int32Array.from([0, 1, 2, 0, 1, 2]);
export const sixNodeIds = Int32Array.from([0, 1, 2, 3, 4, 5]);
