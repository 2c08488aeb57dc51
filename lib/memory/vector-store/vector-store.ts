/** A nearest-neighbour hit: the item and its cosine similarity to the query. */
export type VectorHit = { id: string; similarity: number };

/**
 * The one vector-store interface (MEM-2): pgvector with an HNSW index when the `vector`
 * extension exists, exact search otherwise. Embeddings are always kept in `knowledge.embedding`
 * (`real[]`), so either backend can be rebuilt from the table.
 */
export type VectorStore = {
  backend: "hnsw" | "exact";
  nearest: (input: {
    ownerId: string;
    model: string;
    vector: Float32Array;
    limit: number;
  }) => Promise<VectorHit[]>;
  /** Whether an insert also writes the pgvector column (inside its transaction). */
  writesVectorColumn: boolean;
};
