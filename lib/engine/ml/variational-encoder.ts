import type { Random } from "../algorithms/seeded-random";
import { createMatrix, type Matrix } from "./dense-matrix";

/**
 * VGAE's variational step (Kipf & Welling 2016, "Variational Graph Auto-Encoders"). The
 * encoder's last GCN layer is 2·d wide: columns 0…d-1 are μ and d…2d-1 are log σ, which is the
 * same as the paper's two GCN heads sharing the first layer (each column has its own weights).
 * Training draws z = μ + ε·σ with ε ~ N(0, 1); evaluation and inference use z = μ.
 */

/** PyG's clamp on log σ, so σ = e^{log σ} cannot overflow early in training. */
const maxLogStd = 10;

/** A reparameterised sample and what its backward pass needs. */
export type VariationalSample = {
  z: Matrix;
  /** ε per entry (n×d). */
  noise: Float32Array;
  /** σ = exp(min(log σ, 10)) per entry (n×d). */
  std: Float32Array;
};

/** The mean μ (the first half of the encoder output's columns): the embedding used to score. */
export function meanEmbedding({ output }: { output: Matrix }): Matrix {
  const latent = output.cols / 2;
  const z = createMatrix({ rows: output.rows, cols: latent });
  for (let i = 0; i < output.rows; i++) {
    z.data.set(output.data.subarray(i * output.cols, i * output.cols + latent), i * latent);
  }
  return z;
}

/** z = μ + ε·σ with ε drawn by Box–Muller from the seeded generator. */
export function sampleLatent({
  output,
  random,
}: {
  output: Matrix;
  random: Random;
}): VariationalSample {
  const latent = output.cols / 2;
  const size = output.rows * latent;
  const z = createMatrix({ rows: output.rows, cols: latent });
  const noise = new Float32Array(size);
  const std = new Float32Array(size);
  for (let i = 0; i < output.rows; i++) {
    for (let j = 0; j < latent; j++) {
      const k = i * latent + j;
      const mu = output.data[i * output.cols + j];
      const logStd = Math.min(output.data[i * output.cols + latent + j], maxLogStd);
      const epsilon = gaussian(random);
      noise[k] = epsilon;
      std[k] = Math.exp(logStd);
      z.data[k] = mu + epsilon * std[k];
    }
  }
  return { z, noise, std };
}

/**
 * The KL term KL(q(z|X) ‖ N(0, I)) as PyG's VGAE.kl_loss — −½ · mean over nodes of
 * Σ_j (1 + 2 log σ − μ² − σ²) — times `weight` (the paper's 1/N), and ∂/∂output of
 * weight·KL + the reconstruction loss whose gradient with respect to z is `zGradient`.
 */
export function variationalBackward(input: {
  output: Matrix;
  sample: VariationalSample;
  zGradient: Matrix;
  weight: number;
}): { klLoss: number; outputGradient: Matrix } {
  const { output, sample, zGradient, weight } = input;
  const latent = output.cols / 2;
  const n = output.rows;
  const outputGradient = createMatrix({ rows: n, cols: output.cols });
  const scale = weight / n;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < latent; j++) {
      const k = i * latent + j;
      const mu = output.data[i * output.cols + j];
      const rawLogStd = output.data[i * output.cols + latent + j];
      const logStd = Math.min(rawLogStd, maxLogStd);
      const variance = sample.std[k] * sample.std[k];
      sum += 1 + 2 * logStd - mu * mu - variance;
      const g = zGradient.data[k];
      outputGradient.data[i * output.cols + j] = g + scale * mu;
      // The clamp passes no gradient above the bound, as torch.clamp.
      outputGradient.data[i * output.cols + latent + j] =
        rawLogStd > maxLogStd ? 0 : g * sample.noise[k] * sample.std[k] + scale * (variance - 1);
    }
  }
  return { klLoss: -0.5 * scale * sum, outputGradient };
}

function gaussian(random: Random): number {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
