import "server-only";
import { z } from "zod";
import { type Embedder, normalise } from "./embedder";
import type { EmbeddingService } from "./resolve-embedding-service";

const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().optional(), embedding: z.array(z.number()) })),
});

/** An embedder over an OpenAI-compatible `/embeddings` endpoint; the request carries the signal. */
export function createServiceEmbedder(input: {
  service: EmbeddingService;
  dimensions: number;
}): Embedder {
  const { service } = input;
  return {
    model: service.model,
    dimensions: input.dimensions,
    source: service.source,
    async embed({ texts, signal }) {
      signal?.throwIfAborted();
      const response = await fetch(`${service.baseUrl}/embeddings`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${service.apiKey}`,
        },
        body: JSON.stringify({ model: service.model, input: texts }),
        signal,
      });
      if (!response.ok) {
        throw new Error(`embedding service answered ${response.status} for ${service.model}`);
      }
      const body = embeddingsResponseSchema.parse(await response.json());
      signal?.throwIfAborted();
      const ordered = [...body.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      return ordered.map((item) => normalise(item.embedding));
    },
  };
}
