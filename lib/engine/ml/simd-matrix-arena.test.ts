import { describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { multiply, multiplyTransposeA } from "./dense-matrix";
import { createSimdMatrixArena } from "./simd-matrix-arena";

// References: naive sums, and the register-blocked JavaScript products of dense-matrix.ts (the
// fallback where WebAssembly SIMD is missing), which must agree with them too.
describe("the WebAssembly SIMD matrix product", () => {
  const random = createRandom({ seed: 5 });
  const arena = createSimdMatrixArena({ floats: 200_000 });
  const fill = (values: Float32Array) => {
    for (let i = 0; i < values.length; i++) values[i] = random() * 2 - 1;
    return values;
  };

  it("is available on the Node versions the project supports", () => {
    expect(arena).not.toBeNull();
  });

  for (const [rows, depth, cols] of [
    [2, 3, 8],
    [7, 64, 64],
    [1, 5, 16],
    [130, 17, 24],
  ]) {
    it(`${rows}×${depth} by ${depth}×${cols}: a·b, accumulated and scaled`, () => {
      if (!arena) return;
      const a = fill(arena.allocate(rows * depth));
      const b = fill(arena.allocate(depth * cols));
      const out = fill(arena.allocate(rows * cols));
      const expected = out.slice();
      multiply({
        a: { rows, cols: depth, data: a },
        b: { rows: depth, cols, data: b },
        out: { rows, cols, data: expected },
        accumulate: true,
      });
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          let sum = 0;
          for (let p = 0; p < depth; p++) sum += a[i * depth + p] * b[p * cols + j];
          expect(expected[i * cols + j]).toBeCloseTo(out[i * cols + j] + sum, 4);
        }
      }
      const args = { a, aRow: depth, aStep: 1, b, bStep: cols, out, rows, cols, depth };
      arena.product({ ...args, accumulate: true, scale: 1 });
      for (let i = 0; i < out.length; i++) expect(out[i]).toBeCloseTo(expected[i], 4);
      arena.product({ ...args, accumulate: false, scale: -0.5 });
      multiply({
        a: { rows, cols: depth, data: a },
        b: { rows: depth, cols, data: b },
        out: { rows, cols, data: expected },
      });
      for (let i = 0; i < out.length; i++) expect(out[i]).toBeCloseTo(-0.5 * expected[i], 4);
    });

    it(`${rows}×${depth}: aᵀ·b through the strides`, () => {
      if (!arena) return;
      const a = fill(arena.allocate(rows * depth));
      const b = fill(arena.allocate(rows * cols));
      const out = arena.allocate(depth * cols);
      const expected = new Float32Array(depth * cols);
      multiplyTransposeA({
        a: { rows, cols: depth, data: a },
        b: { rows, cols, data: b },
        out: { rows: depth, cols, data: expected },
        scale: 0.25,
      });
      arena.product({
        a,
        aRow: 1,
        aStep: depth,
        b,
        bStep: cols,
        out,
        rows: depth,
        cols,
        depth: rows,
        accumulate: false,
        scale: 0.25,
      });
      for (let i = 0; i < out.length; i++) expect(out[i]).toBeCloseTo(expected[i], 4);
    });
  }

  it("gathers CSR rows with and without the initial residual", () => {
    if (!arena) return;
    // A 5-node path with self-loops and an isolated row (3), 16 columns.
    const rows = 5;
    const cols = 16;
    const offsets = arena.allocateIndices(rows + 1);
    offsets.set([0, 2, 5, 7, 7, 9]);
    const indices = arena.allocateIndices(9);
    indices.set([0, 1, 0, 1, 2, 1, 2, 4, 2]);
    const values = fill(arena.allocate(9));
    const dense = fill(arena.allocate(rows * cols));
    const initial = fill(arena.allocate(rows * cols));
    const out = fill(arena.allocate(rows * cols));
    const mask = fill(arena.allocate(rows * cols));
    for (const [residual, masked] of [
      [initial, null],
      [null, null],
      [null, mask],
    ] as const) {
      arena.gather({
        mask: masked,
        offsets,
        indices,
        values,
        dense,
        initial: residual,
        alpha: 0.1,
        scale: 0.9,
        out,
        rows,
        cols,
      });
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          let expected = residual ? 0.1 * residual[i * cols + j] : 0;
          for (let e = offsets[i]; e < offsets[i + 1]; e++) {
            expected += 0.9 * values[e] * dense[indices[e] * cols + j];
          }
          if (masked) expected *= masked[i * cols + j];
          expect(out[i * cols + j]).toBeCloseTo(expected, 5);
        }
      }
    }
  });

  it("refuses arrays that are not its own", () => {
    if (!arena) return;
    const a = arena.allocate(8);
    expect(() =>
      arena.product({
        a: new Float32Array(8),
        aRow: 1,
        aStep: 1,
        b: a,
        bStep: 8,
        out: arena.allocate(8),
        rows: 1,
        cols: 8,
        depth: 1,
        accumulate: false,
        scale: 1,
      }),
    ).toThrow(/arena views/);
  });
});
