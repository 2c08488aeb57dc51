import {
  createMatrix,
  type Matrix,
  multiply,
  multiplyTransposeA,
  multiplyTransposeB,
  sumColumns,
} from "./dense-matrix";
import { gradientMatrix, type Parameter, parameterMatrix } from "./parameter";
import { type SparseMatrix, sparseMultiply, sparseMultiplyTransposed } from "./sparse-matrix";

/**
 * How a term mixes nodes: not at all, GCN's Â, GraphSAGE's neighbour mean (its "mean"
 * aggregator, beside a self term), or the mean over a node and its neighbours (GraphSAGE's
 * "gcn" aggregator, the term alone; see closedMeanAggregationMatrix).
 */
export type PropagationKind = "identity" | "gcn" | "mean" | "closedMean";

/**
 * The propagation matrices of one graph, built once per training or inference. `closedMean`
 * may be left out where no layer reads it.
 */
export type Propagation = {
  gcn: SparseMatrix | null;
  mean: SparseMatrix | null;
  closedMean?: SparseMatrix | null;
};

/** A layer input: the (sparse) feature matrix or a dense hidden representation. */
export type LayerInput = { sparse: SparseMatrix } | { dense: Matrix };

/**
 * out = Σ_t P_t · (X · W_t) + b. One shape covers every model here: GCN is one term with Â,
 * an MLP or logistic regression one identity term, GraphSAGE-mean an identity term plus a
 * mean term. Multiplying X·W before P keeps the sparse product on the narrow side.
 */
export type GraphLayer = {
  inputSize: number;
  outputSize: number;
  terms: { propagation: PropagationKind; weight: Parameter }[];
  bias: Parameter;
};

function propagationOf(propagation: Propagation, kind: PropagationKind): SparseMatrix | null {
  if (kind === "identity") return null;
  const matrix = propagation[kind] ?? null;
  if (!matrix) throw new Error(`the ${kind} propagation matrix was not built`);
  return matrix;
}

function inputTimes(input: LayerInput, weight: Matrix, out: Matrix): Matrix {
  if ("sparse" in input) return sparseMultiply({ sparse: input.sparse, dense: weight, out });
  return multiply({ a: input.dense, b: weight, out });
}

/** The layer's pre-activation output for every node. */
export function forwardLayer(input: {
  layer: GraphLayer;
  input: LayerInput;
  propagation: Propagation;
}): Matrix {
  const { layer } = input;
  const rows = "sparse" in input.input ? input.input.sparse.rows : input.input.dense.rows;
  const out = createMatrix({ rows, cols: layer.outputSize });
  const product = createMatrix({ rows, cols: layer.outputSize });
  for (const term of layer.terms) {
    inputTimes(input.input, parameterMatrix({ parameter: term.weight }), product);
    const p = propagationOf(input.propagation, term.propagation);
    if (p) sparseMultiply({ sparse: p, dense: product, out, accumulate: true });
    else for (let i = 0; i < out.data.length; i++) out.data[i] += product.data[i];
  }
  const bias = layer.bias.value;
  const cols = layer.outputSize;
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out.data[i * cols + j] += bias[j];
  return out;
}

/**
 * Accumulates the weight and bias gradients from ∂L/∂out and returns ∂L/∂input (null when
 * the input is the feature matrix: nothing upstream learns from it).
 */
export function backwardLayer(input: {
  layer: GraphLayer;
  input: LayerInput;
  propagation: Propagation;
  outputGradient: Matrix;
}): Matrix | null {
  const { layer, outputGradient } = input;
  const rows = outputGradient.rows;
  sumColumns({ matrix: outputGradient, out: layer.bias.gradient, accumulate: true });
  const inputGradient =
    "dense" in input.input ? createMatrix({ rows, cols: layer.inputSize }) : null;
  const termGradient = createMatrix({ rows, cols: layer.outputSize });
  for (const term of layer.terms) {
    const p = propagationOf(input.propagation, term.propagation);
    const g = p
      ? sparseMultiplyTransposed({ sparse: p, dense: outputGradient, out: termGradient })
      : outputGradient;
    const weightGradient = gradientMatrix({ parameter: term.weight });
    if ("sparse" in input.input) {
      sparseMultiplyTransposed({
        sparse: input.input.sparse,
        dense: g,
        out: weightGradient,
        accumulate: true,
      });
    } else {
      multiplyTransposeA({ a: input.input.dense, b: g, out: weightGradient, accumulate: true });
    }
    if (inputGradient) {
      const weight = parameterMatrix({ parameter: term.weight });
      multiplyTransposeB({ a: g, b: weight, out: inputGradient, accumulate: true });
    }
  }
  return inputGradient;
}
