import type { Random } from "../algorithms/seeded-random";
import type { Matrix } from "./dense-matrix";

/** A trainable tensor (a rows×cols matrix; biases are 1×cols) with its gradient buffer. */
export type Parameter = {
  name: string;
  rows: number;
  cols: number;
  value: Float32Array;
  gradient: Float32Array;
  /** L2 coefficient added to the gradient (Adam's coupled weight decay, as Kipf and PyTorch). */
  weightDecay: number;
};

/** A zero-initialised parameter (biases). */
export function createParameter(input: {
  name: string;
  rows: number;
  cols: number;
  weightDecay?: number;
}): Parameter {
  const size = input.rows * input.cols;
  return {
    name: input.name,
    rows: input.rows,
    cols: input.cols,
    value: new Float32Array(size),
    gradient: new Float32Array(size),
    weightDecay: input.weightDecay ?? 0,
  };
}

/**
 * Glorot/Xavier uniform initialisation, U(±gain·sqrt(6 / (fan_in + fan_out))), as the GCN paper
 * and PyTorch Geometric (gain 1): keeps activation variance steady through the two layers.
 */
export function glorotParameter(input: {
  name: string;
  rows: number;
  cols: number;
  weightDecay?: number;
  random: Random;
  /** PyTorch's xavier_uniform_ gain (DGL's SAGEConv: √2, ReLU's). */
  gain?: number;
}): Parameter {
  const parameter = createParameter(input);
  const limit = (input.gain ?? 1) * Math.sqrt(6 / (input.rows + input.cols));
  for (let i = 0; i < parameter.value.length; i++) {
    parameter.value[i] = (input.random() * 2 - 1) * limit;
  }
  return parameter;
}

/** The parameter's value viewed as a matrix (shares memory). */
export function parameterMatrix({ parameter }: { parameter: Parameter }): Matrix {
  return { rows: parameter.rows, cols: parameter.cols, data: parameter.value };
}

/** The parameter's gradient viewed as a matrix (shares memory). */
export function gradientMatrix({ parameter }: { parameter: Parameter }): Matrix {
  return { rows: parameter.rows, cols: parameter.cols, data: parameter.gradient };
}
