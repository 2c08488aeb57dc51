import type { Matrix } from "./dense-matrix";

/** Row-wise softmax of logits, into a new matrix (max-shifted for stability). */
export function softmaxRows({ logits }: { logits: Matrix }): Matrix {
  const { rows, cols, data } = logits;
  const out = new Float32Array(data.length);
  for (let i = 0; i < rows; i++) {
    const row = i * cols;
    let max = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < cols; j++) max = Math.max(max, data[row + j]);
    let sum = 0;
    for (let j = 0; j < cols; j++) {
      out[row + j] = Math.exp(data[row + j] - max);
      sum += out[row + j];
    }
    for (let j = 0; j < cols; j++) out[row + j] /= sum;
  }
  return { rows, cols, data: out };
}

/**
 * Mean cross-entropy of softmax(logits) over the nodes in `nodes`, and (when `gradient` is
 * given) its gradient w.r.t. the logits, (p − y)/|nodes| on those rows and 0 elsewhere.
 */
export function softmaxCrossEntropy({
  logits,
  labels,
  nodes,
  gradient,
}: {
  logits: Matrix;
  labels: Int32Array;
  nodes: Int32Array;
  gradient?: Matrix;
}): number {
  const { cols, data } = logits;
  if (gradient) gradient.data.fill(0);
  if (nodes.length === 0) return 0;
  let loss = 0;
  const probabilities = new Float64Array(cols);
  for (let k = 0; k < nodes.length; k++) {
    const row = nodes[k] * cols;
    let max = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < cols; j++) max = Math.max(max, data[row + j]);
    let sum = 0;
    for (let j = 0; j < cols; j++) {
      probabilities[j] = Math.exp(data[row + j] - max);
      sum += probabilities[j];
    }
    const label = labels[nodes[k]];
    loss -= data[row + label] - max - Math.log(sum);
    if (!gradient) continue;
    for (let j = 0; j < cols; j++) {
      gradient.data[row + j] = (probabilities[j] / sum - (j === label ? 1 : 0)) / nodes.length;
    }
  }
  return loss / nodes.length;
}
