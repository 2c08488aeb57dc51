import type { Parameter } from "./parameter";

/** Adam's moment estimates for a list of parameters. */
export type AdamState = {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  step: number;
  first: Float32Array[];
  second: Float32Array[];
};

/** Fresh Adam state (PyTorch defaults: β = 0.9 / 0.999, ε = 1e-8). */
export function createAdam({
  parameters,
  learningRate,
}: {
  parameters: Parameter[];
  learningRate: number;
}): AdamState {
  return {
    learningRate,
    beta1: 0.9,
    beta2: 0.999,
    epsilon: 1e-8,
    step: 0,
    first: parameters.map((p) => new Float32Array(p.value.length)),
    second: parameters.map((p) => new Float32Array(p.value.length)),
  };
}

/**
 * One Adam step with coupled L2 weight decay (gradient += λ·w, as torch.optim.Adam's
 * weight_decay and the GCN paper's loss term), then clears the gradients.
 */
export function adamStep({ state, parameters }: { state: AdamState; parameters: Parameter[] }) {
  state.step++;
  const { beta1, beta2, epsilon, learningRate } = state;
  const correction1 = 1 - beta1 ** state.step;
  const correction2 = 1 - beta2 ** state.step;
  const stepSize = learningRate / correction1;
  for (let p = 0; p < parameters.length; p++) {
    const { value, gradient, weightDecay } = parameters[p];
    const m = state.first[p];
    const v = state.second[p];
    for (let i = 0; i < value.length; i++) {
      const g = gradient[i] + weightDecay * value[i];
      m[i] = beta1 * m[i] + (1 - beta1) * g;
      v[i] = beta2 * v[i] + (1 - beta2) * g * g;
      value[i] -= (stepSize * m[i]) / (Math.sqrt(v[i] / correction2) + epsilon);
      gradient[i] = 0;
    }
  }
}
