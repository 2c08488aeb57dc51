/**
 * Float32 buffers inside one WebAssembly memory, and a matrix product over them that uses
 * WebAssembly's 128-bit SIMD: four float32 multiply-adds per instruction, which plain
 * JavaScript (one double-precision operation at a time) cannot express. GCNII's n×64 by
 * 64×64 products, three per convolution per epoch plus one for validation, are almost all of
 * its time; the kernel runs them several times faster than the register-blocked JavaScript
 * product in dense-matrix.ts, which stays the fallback where WebAssembly SIMD is missing.
 *
 * The module is assembled here from its instructions (about 300 bytes) rather than shipped as
 * an opaque binary, so what it does can be read below.
 */

import { gatherBody } from "./simd-gather-kernel";
import {
  add,
  advance,
  block,
  br,
  brIf,
  elseBlock,
  end,
  eqz,
  f32Load,
  f32x4Add,
  f32x4Max,
  f32x4Mul,
  f32x4Splat,
  geS,
  get,
  i32,
  ifBlock,
  loop,
  mul,
  name,
  section,
  set,
  sub,
  unsigned,
  v128Load,
  v128Store,
  v128Zero,
  vector,
} from "./wasm-instructions";

/** out[i][j] (+)= scale · Σₚ a[i·aRow + p·aStep] · b[p·bStep + j], j contiguous in b and out. */
export type ArenaProduct = {
  a: Float32Array;
  aRow: number;
  aStep: number;
  b: Float32Array;
  bStep: number;
  out: Float32Array;
  rows: number;
  cols: number;
  depth: number;
  accumulate: boolean;
  scale: number;
  /** Writes max(result, 0): a ReLU in the same pass. */
  relu?: boolean;
};

/**
 * out[i] = α·initial[i] (or 0) + scale · Σₑ values[e] · dense[indices[e]] over row i's entries
 * of a CSR matrix: the sparse propagation Â·D with GCNII's initial residual folded in.
 */
export type ArenaGather = {
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  dense: Float32Array;
  /** null: rows start at zero. */
  initial: Float32Array | null;
  alpha: number;
  scale: number;
  /** Multiplies the result element by element (a dropout mask); null or absent: none. */
  mask?: Float32Array | null;
  out: Float32Array;
  rows: number;
  cols: number;
};

export type SimdMatrixArena = {
  /** A zero-filled view of `length` floats inside the arena (16-byte aligned). */
  allocate: (length: number) => Float32Array;
  /** The same, for the indices of a sparse matrix. */
  allocateIndices: (length: number) => Int32Array;
  /** The gather; every array must come from the arena, and `cols` be a multiple of 8. */
  gather: (input: ArenaGather) => void;
  /** The product; `a`, `b` and `out` must be views from `allocate`, and `cols` a multiple of 8. */
  product: (input: ArenaProduct) => void;
};

const wasmPage = 65536;

// Parameters (addresses and strides in bytes) and locals of the kernel.
const [A, A_ROW, A_STEP, B, B_STEP, OUT, ROWS, COLS, DEPTH, ACCUMULATE, SCALE] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
];
/** Rows of `out` per block (see kernelBody). */
const BLOCK_ROWS = 4;
const [I, J, P, PB, Q] = [11, 12, 13, 14, 15];
const PA = [16, 17, 18, 19];
const ACC = [
  [20, 21],
  [22, 23],
  [24, 25],
  [26, 27],
];
const X = [28, 29, 30, 31];
const [Y0, Y1, VS] = [32, 33, 34];
const productLocals = [2, 9, 0x7f, 15, 0x7b];

/** out[q…q+7] (+)= scale · (left, right), then max(·, 0) when `relu`. */
function storeEight(left: number, right: number, relu: boolean): number[] {
  const clamp = relu ? [...v128Zero, ...f32x4Max] : [];
  const term = (acc: number) => [...get(VS), ...get(acc), ...f32x4Mul];
  return [
    ...get(ACCUMULATE),
    ...ifBlock,
    ...get(Q),
    ...get(Q),
    ...v128Load(0),
    ...term(left),
    ...f32x4Add,
    ...clamp,
    ...v128Store(0),
    ...get(Q),
    ...get(Q),
    ...v128Load(16),
    ...term(right),
    ...f32x4Add,
    ...clamp,
    ...v128Store(16),
    ...elseBlock,
    ...get(Q),
    ...term(left),
    ...clamp,
    ...v128Store(0),
    ...get(Q),
    ...term(right),
    ...clamp,
    ...v128Store(16),
    ...end,
  ];
}

const multiplyAdd = (acc: number, x: number, y: number) => [
  ...get(acc),
  ...get(x),
  ...get(y),
  ...f32x4Mul,
  ...f32x4Add,
  ...set(acc),
];

/**
 * Rows four at a time (`rows` a multiple of 4), columns eight at a time: a 4×8 block of `out`
 * in eight vector accumulators, fed per step by four broadcast elements of `a` and two vectors
 * of `b` — 32 multiply-adds for six loads.
 */
const kernelBody = (relu: boolean) => {
  const rows = Array.from({ length: BLOCK_ROWS }, (_, r) => r);
  return [
    ...get(SCALE),
    ...f32x4Splat,
    ...set(VS),
    ...block,
    ...loop,
    ...get(I),
    ...get(ROWS),
    ...geS,
    ...brIf(1),
    ...i32(0),
    ...set(J),
    ...block,
    ...loop,
    ...get(J),
    ...get(COLS),
    ...geS,
    ...brIf(1),
    ...rows.flatMap((r) => [...v128Zero, ...set(ACC[r][0]), ...v128Zero, ...set(ACC[r][1])]),
    // pa_r = a + (i + r)·aRow, pb = b + 4j
    ...get(A),
    ...get(I),
    ...get(A_ROW),
    ...mul,
    ...add,
    ...set(PA[0]),
    ...rows.slice(1).flatMap((r) => [...get(PA[r - 1]), ...get(A_ROW), ...add, ...set(PA[r])]),
    ...get(B),
    ...get(J),
    ...i32(4),
    ...mul,
    ...add,
    ...set(PB),
    ...get(DEPTH),
    ...set(P),
    ...block,
    ...loop,
    ...get(P),
    ...eqz,
    ...brIf(1),
    ...get(PB),
    ...v128Load(0),
    ...set(Y0),
    ...get(PB),
    ...v128Load(16),
    ...set(Y1),
    ...rows.flatMap((r) => [...get(PA[r]), ...f32Load, ...f32x4Splat, ...set(X[r])]),
    ...rows.flatMap((r) => [
      ...multiplyAdd(ACC[r][0], X[r], Y0),
      ...multiplyAdd(ACC[r][1], X[r], Y1),
    ]),
    ...rows.flatMap((r) => advance(PA[r], get(A_STEP))),
    ...advance(PB, get(B_STEP)),
    ...get(P),
    ...i32(1),
    ...sub,
    ...set(P),
    ...br(0),
    ...end,
    ...end,
    // q = out + 4·(i·cols + j), then one row further for each row of the block
    ...get(OUT),
    ...get(I),
    ...get(COLS),
    ...mul,
    ...get(J),
    ...add,
    ...i32(4),
    ...mul,
    ...add,
    ...set(Q),
    ...rows.flatMap((r) => [
      ...(r > 0 ? advance(Q, [...get(COLS), ...i32(4), ...mul]) : []),
      ...storeEight(ACC[r][0], ACC[r][1], relu),
    ]),
    ...advance(J, i32(8)),
    ...br(0),
    ...end,
    ...end,
    ...advance(I, i32(BLOCK_ROWS)),
    ...br(0),
    ...end,
    ...end,
    ...end,
  ];
};

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const i32Type = 0x7f;
  const f32Type = 0x7d;
  const v128Type = 0x7b;
  const signature = [0x60, 11, ...new Array<number>(10).fill(i32Type), f32Type, 0];
  const body = [...productLocals, ...kernelBody(false)];
  const bodyRelu = [...productLocals, ...kernelBody(true)];
  const gatherSignature = [
    0x60,
    13,
    ...new Array<number>(9).fill(i32Type),
    f32Type,
    f32Type,
    i32Type,
    i32Type,
    0,
  ];
  const gather = [2, 6, i32Type, 4, v128Type, ...gatherBody];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([signature, gatherSignature])),
    ...section(2, vector([[...name("env"), ...name("memory"), 0x02, 0x00, 1]])),
    ...section(3, vector([[0], [1], [0]])),
    ...section(
      7,
      vector([
        [...name("product"), 0x00, 0],
        [...name("gather"), 0x00, 1],
        [...name("productRelu"), 0x00, 2],
      ]),
    ),
    ...section(
      10,
      vector([
        [...unsigned(body.length), ...body],
        [...unsigned(gather.length), ...gather],
        [...unsigned(bodyRelu.length), ...bodyRelu],
      ]),
    ),
  ]);
}

let compiled: WebAssembly.Module | null | undefined;

function compiledModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = moduleBytes();
    compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

/** An arena of `floats` float32 values, or null where WebAssembly SIMD is unavailable. */
export function createSimdMatrixArena({ floats }: { floats: number }): SimdMatrixArena | null {
  const module = compiledModule();
  if (!module) return null;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((floats * 4 + 64) / wasmPage) });
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  const kernel = instance.exports.product as (...args: number[]) => void;
  const kernelRelu = instance.exports.productRelu as (...args: number[]) => void;
  const gatherKernel = instance.exports.gather as (...args: number[]) => void;
  let next = 0;
  const reserve = (length: number) => {
    const at = next;
    next += Math.ceil((length * 4) / 16) * 16;
    if (next > memory.buffer.byteLength) throw new Error("SIMD arena overflow");
    return at;
  };
  const allocate = (length: number) => new Float32Array(memory.buffer, reserve(length), length);
  const allocateIndices = (length: number) =>
    new Int32Array(memory.buffer, reserve(length), length);
  const own = (views: ArrayBufferView[]) => {
    for (const view of views) {
      if (view.buffer !== memory.buffer) throw new Error("the SIMD kernels read arena views only");
    }
  };
  const gather = (input: ArenaGather) => {
    const { offsets, indices, values, dense, initial, out, rows, cols } = input;
    const mask = input.mask ?? null;
    if (cols % 8 !== 0) throw new Error("the SIMD gather needs a multiple of 8 columns");
    own([
      offsets,
      indices,
      values,
      dense,
      out,
      ...(initial ? [initial] : []),
      ...(mask ? [mask] : []),
    ]);
    gatherKernel(
      offsets.byteOffset,
      indices.byteOffset,
      values.byteOffset,
      dense.byteOffset,
      initial ? initial.byteOffset : 0,
      out.byteOffset,
      rows,
      cols,
      initial ? 1 : 0,
      input.scale,
      input.alpha,
      mask ? mask.byteOffset : 0,
      mask ? 1 : 0,
    );
  };
  const product = (input: ArenaProduct) => {
    const { a, aRow, aStep, b, bStep, out, rows, cols, depth, accumulate, scale } = input;
    const relu = input.relu === true;
    if (cols % 8 !== 0) throw new Error("the SIMD product needs a multiple of 8 columns");
    own([a, b, out]);
    const blocked = rows - (rows % BLOCK_ROWS);
    (relu ? kernelRelu : kernel)(
      a.byteOffset,
      aRow * 4,
      aStep * 4,
      b.byteOffset,
      bStep * 4,
      out.byteOffset,
      blocked,
      cols,
      depth,
      accumulate ? 1 : 0,
      scale,
    );
    // The last rows (fewer than a block), in JavaScript.
    if (blocked === rows) return;
    const aBase = a.byteOffset / 4;
    const bBase = b.byteOffset / 4;
    const outBase = out.byteOffset / 4;
    const heap = new Float32Array(memory.buffer);
    for (let i = blocked; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        let sum = 0;
        for (let p = 0; p < depth; p++) {
          sum += heap[aBase + i * aRow + p * aStep] * heap[bBase + p * bStep + j];
        }
        const at = outBase + i * cols + j;
        const value = accumulate ? heap[at] + scale * sum : scale * sum;
        heap[at] = relu && value < 0 ? 0 : value;
      }
    }
  };
  return { allocate, allocateIndices, gather, product };
}
