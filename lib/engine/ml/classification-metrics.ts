import type { Matrix } from "./dense-matrix";

/** Predicted class per row (arg-max; the lower index wins a tie). */
export function argMaxRows({ scores }: { scores: Matrix }): Int32Array {
  const { rows, cols, data } = scores;
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    let best = 0;
    for (let j = 1; j < cols; j++) if (data[i * cols + j] > data[i * cols + best]) best = j;
    out[i] = best;
  }
  return out;
}

/** Accuracy and macro-F1 of predictions over a node set (NaN for an empty set). */
export function classificationMetrics(input: {
  predicted: Int32Array;
  labels: Int32Array;
  nodes: Int32Array;
  classCount: number;
}): { accuracy: number; macro_f1: number } {
  const { predicted, labels, nodes, classCount } = input;
  if (nodes.length === 0) return { accuracy: Number.NaN, macro_f1: Number.NaN };
  const truePositive = new Float64Array(classCount);
  const predictedCount = new Float64Array(classCount);
  const actualCount = new Float64Array(classCount);
  let correct = 0;
  for (const u of nodes) {
    predictedCount[predicted[u]]++;
    actualCount[labels[u]]++;
    if (predicted[u] === labels[u]) {
      correct++;
      truePositive[labels[u]]++;
    }
  }
  let f1Sum = 0;
  let present = 0;
  for (let c = 0; c < classCount; c++) {
    if (actualCount[c] === 0 && predictedCount[c] === 0) continue;
    present++;
    const denominator = predictedCount[c] + actualCount[c];
    f1Sum += denominator === 0 ? 0 : (2 * truePositive[c]) / denominator;
  }
  return { accuracy: correct / nodes.length, macro_f1: present === 0 ? 0 : f1Sum / present };
}
