import "server-only";
import { hnswNearest } from "@/lib/db/queries/knowledge-search";
import type { VectorStore } from "./vector-store";

/** pgvector with an HNSW index (cosine); used when the `vector` extension exists. */
export function createHnswVectorStore(): VectorStore {
  return {
    backend: "hnsw",
    nearest: (input) => hnswNearest(input),
    writesVectorColumn: true,
  };
}
