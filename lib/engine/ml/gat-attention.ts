/**
 * GAT's attention kernels: per destination row and head, the LeakyReLU scores over the row's
 * CSR neighbourhood, their softmax and the weighted sum (forward), and the gradient back
 * through that softmax (backward). Plain functions of typed arrays and numbers, apart from the
 * layer's bookkeeping, so V8 keeps their optimised code.
 */

/** LeakyReLU slope of the attention scores (Veličković et al.). */
const attentionSlope = 0.2;

/**
 * Scores, softmax and weighted sum of one layer, row by row and head by head, the head's sum
 * built eight features at a time in locals. A function of arrays and numbers only: V8
 * compiled these loops inside the layer's forward pass on the fly (on-stack replacement) and
 * threw the code away at the object literal after them, on every call.
 */
export function attend(input: {
  offsets: Int32Array;
  indices: Int32Array;
  heads: number;
  headSize: number;
  concat: boolean;
  projected: Float32Array;
  source: Float32Array;
  target: Float32Array;
  score: Float32Array;
  attention: Float32Array;
  mask: Float32Array | null;
  bias: Float32Array;
  output: Float32Array;
  rows: Uint8Array | null;
}): void {
  const { offsets, indices, heads, headSize: F, projected: P, source, target } = input;
  const { score, attention, mask, bias, output: O, rows } = input;
  const n = offsets.length - 1;
  const width = heads * F;
  const outputSize = input.concat ? width : F;
  const headWeight = input.concat ? 1 : 1 / heads;
  const headStride = input.concat ? F : 0;
  const blocked = F - (F % 8);
  for (let i = 0; i < n; i++) {
    if (rows && rows[i] === 0) continue;
    const start = offsets[i];
    const end = offsets[i + 1];
    const outRow = i * outputSize;
    for (let j = 0; j < outputSize; j++) O[outRow + j] = bias[j];
    for (let h = 0; h < heads; h++) {
      const t = target[i * heads + h];
      // Softmax with the row maximum subtracted, so exp never overflows.
      let max = Number.NEGATIVE_INFINITY;
      for (let e = start; e < end; e++) {
        const raw = t + source[indices[e] * heads + h];
        score[e * heads + h] = raw;
        const activated = raw > 0 ? raw : attentionSlope * raw;
        if (activated > max) max = activated;
      }
      let total = 0;
      for (let e = start; e < end; e++) {
        const raw = score[e * heads + h];
        const value = Math.exp((raw > 0 ? raw : attentionSlope * raw) - max);
        attention[e * heads + h] = value;
        total += value;
      }
      const normaliser = 1 / total;
      for (let e = start; e < end; e++) attention[e * heads + h] *= normaliser;
      const to = outRow + h * headStride;
      for (let b = 0; b < blocked; b += 8) {
        let c0 = 0;
        let c1 = 0;
        let c2 = 0;
        let c3 = 0;
        let c4 = 0;
        let c5 = 0;
        let c6 = 0;
        let c7 = 0;
        for (let e = start; e < end; e++) {
          const slot = e * heads + h;
          const coefficient = mask ? attention[slot] * mask[slot] : attention[slot];
          if (coefficient === 0) continue;
          const at = indices[e] * width + h * F + b;
          c0 += coefficient * P[at];
          c1 += coefficient * P[at + 1];
          c2 += coefficient * P[at + 2];
          c3 += coefficient * P[at + 3];
          c4 += coefficient * P[at + 4];
          c5 += coefficient * P[at + 5];
          c6 += coefficient * P[at + 6];
          c7 += coefficient * P[at + 7];
        }
        O[to + b] += c0 * headWeight;
        O[to + b + 1] += c1 * headWeight;
        O[to + b + 2] += c2 * headWeight;
        O[to + b + 3] += c3 * headWeight;
        O[to + b + 4] += c4 * headWeight;
        O[to + b + 5] += c5 * headWeight;
        O[to + b + 6] += c6 * headWeight;
        O[to + b + 7] += c7 * headWeight;
      }
      for (let f = blocked; f < F; f++) {
        let sum = 0;
        for (let e = start; e < end; e++) {
          const slot = e * heads + h;
          const coefficient = mask ? attention[slot] * mask[slot] : attention[slot];
          sum += coefficient * P[indices[e] * width + h * F + f];
        }
        O[to + f] += sum * headWeight;
      }
    }
  }
}

/**
 * The attention's backward pass over the reached destination rows, head by head: ∂L/∂α per
 * edge (after undoing the dropout mask), the neighbours' share of ∂L/∂(XW), then through the
 * softmax and the LeakyReLU to the per-node source and target scores.
 */
export function attendBackward(input: {
  offsets: Int32Array;
  indices: Int32Array;
  heads: number;
  headSize: number;
  concat: boolean;
  projected: Float32Array;
  gradient: Float32Array;
  score: Float32Array;
  attention: Float32Array;
  mask: Float32Array | null;
  attentionGradient: Float32Array;
  projectedGradient: Float32Array;
  sourceGradient: Float32Array;
  targetGradient: Float32Array;
  reached: Uint8Array;
  touched: Uint8Array;
}): void {
  const { offsets, indices, heads, headSize: F, projected: P, gradient: G } = input;
  const { score, attention, mask, attentionGradient: dA, projectedGradient: dP } = input;
  const { sourceGradient, targetGradient, reached, touched } = input;
  const n = offsets.length - 1;
  const width = heads * F;
  const outputSize = input.concat ? width : F;
  const headWeight = input.concat ? 1 : 1 / heads;
  const headStride = input.concat ? F : 0;
  for (let i = 0; i < n; i++) {
    if (reached[i] === 0) continue;
    const start = offsets[i];
    const end = offsets[i + 1];
    touched[i] = 1;
    for (let e = start; e < end; e++) touched[indices[e]] = 1;
    for (let h = 0; h < heads; h++) {
      const g0 = i * outputSize + h * headStride;
      let weighted = 0;
      for (let e = start; e < end; e++) {
        const slot = e * heads + h;
        const keep = mask ? mask[slot] : 1;
        // A dropped coefficient passes no gradient to α nor to the neighbour's projection.
        if (keep === 0) {
          dA[slot] = 0;
          continue;
        }
        const alpha = attention[slot];
        const scale = keep * headWeight;
        const coefficient = alpha * scale;
        const at = indices[e] * width + h * F;
        let dot = 0;
        for (let f = 0; f < F; f++) {
          const g = G[g0 + f];
          dot += g * P[at + f];
          dP[at + f] += coefficient * g;
        }
        const gradient = dot * scale;
        dA[slot] = gradient;
        weighted += alpha * gradient;
      }
      // Softmax: ∂L/∂z_e = α_e (∂L/∂α_e − Σ α ∂L/∂α); then the LeakyReLU's slope.
      let target = 0;
      for (let e = start; e < end; e++) {
        const slot = e * heads + h;
        const dz = attention[slot] * (dA[slot] - weighted);
        const dRaw = score[slot] > 0 ? dz : attentionSlope * dz;
        target += dRaw;
        sourceGradient[indices[e] * heads + h] += dRaw;
      }
      targetGradient[i * heads + h] += target;
    }
  }
}
