import "server-only";
import {
  knowledgeEmbeddingFingerprint,
  loadKnowledgeEmbeddings,
} from "@/lib/db/queries/knowledge-search";
import { processRegistry } from "@/lib/process/process-registry";
import { normalise } from "../embedding/embedder";
import { topKByDot, type VectorMatrix } from "./top-k-by-dot";
import type { VectorStore } from "./vector-store";

type Cached = { fingerprint: string; ids: string[]; matrix: VectorMatrix };

const cache = processRegistry<{ byOwner: Map<string, Cached> }>("__workbenchExactVectors");

// Exact search in SQL over real[] took 280-550 ms for 10,000 vectors here, in JS memory 12-24 ms
// (measured): so the owner's vectors are loaded into one contiguous matrix, reloaded only when
// a cheap fingerprint query says the set changed (in any process).
async function ownerMatrix(ownerId: string, model: string): Promise<Cached> {
  cache.byOwner ??= new Map();
  const key = `${ownerId}\u0000${model}`;
  const fingerprint = await knowledgeEmbeddingFingerprint({ ownerId, model });
  const cached = cache.byOwner.get(key);
  if (cached && cached.fingerprint === fingerprint) return cached;
  const rows = await loadKnowledgeEmbeddings({ ownerId, model });
  const dimensions = rows[0]?.embedding.length ?? 0;
  const usable = rows.filter((row) => row.embedding.length === dimensions);
  const values = new Float32Array(usable.length * dimensions);
  usable.forEach((row, index) => {
    values.set(normalise(row.embedding), index * dimensions);
  });
  const fresh = {
    fingerprint,
    ids: usable.map((row) => row.id),
    matrix: { values, count: usable.length, dimensions },
  };
  cache.byOwner.set(key, fresh);
  return fresh;
}

/** Exact cosine search (the default where pgvector is missing). */
export function createExactVectorStore(): VectorStore {
  return {
    backend: "exact",
    async nearest({ ownerId, model, vector, limit }) {
      const { ids, matrix } = await ownerMatrix(ownerId, model);
      if (matrix.dimensions !== vector.length) return [];
      return topKByDot({ matrix, query: vector, k: limit }).map((hit) => ({
        id: ids[hit.index],
        similarity: hit.similarity,
      }));
    },
    writesVectorColumn: false,
  };
}
