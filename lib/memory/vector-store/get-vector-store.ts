import "server-only";
import { ensureHnswColumn, isVectorExtensionAvailable } from "@/lib/db/queries/knowledge-search";
import { processRegistry } from "@/lib/process/process-registry";
import { createExactVectorStore } from "./exact-vector-store";
import { createHnswVectorStore } from "./hnsw-vector-store";
import type { VectorStore } from "./vector-store";

const registry = processRegistry<{ chosen?: { dimensions: number; store: Promise<VectorStore> } }>(
  "__workbenchVectorStore",
);

/**
 * The vector store of this process, chosen once per embedding dimension: HNSW when the server
 * offers pgvector and its column and index could be prepared, exact search otherwise.
 */
export function getVectorStore(input: { dimensions: number }): Promise<VectorStore> {
  if (registry.chosen?.dimensions === input.dimensions) return registry.chosen.store;
  const store = choose(input.dimensions);
  registry.chosen = { dimensions: input.dimensions, store };
  return store;
}

async function choose(dimensions: number): Promise<VectorStore> {
  try {
    if (!(await isVectorExtensionAvailable())) return createExactVectorStore();
    await ensureHnswColumn({ dimensions });
    return createHnswVectorStore();
  } catch (error) {
    console.warn("pgvector is offered but could not be prepared; using exact search:", error);
    return createExactVectorStore();
  }
}
