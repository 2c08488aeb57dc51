/** Turns texts into unit-length vectors; calls are aborted by the run's scope (RC-5). */
export type Embedder = {
  /** The model's name as capabilities report it ("local:use-lite-512", "text-embedding-3-small"). */
  model: string;
  dimensions: number;
  /** Where a service embedder's endpoint and key came from (shown in capabilities). */
  source?: string;
  embed: (input: { texts: string[]; signal?: AbortSignal }) => Promise<Float32Array[]>;
};

/** Scales a vector to unit length, so a dot product is the cosine similarity. */
export function normalise(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i];
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
