import "server-only";

// The SQL of learned-knowledge retrieval (MEM-2) as plain statements with positional values,
// run by the app through Prisma (knowledge-search.ts) and by a test through PGlite with pgvector
// (a PostgreSQL with the extension, which the embedded server lacks), so the HNSW path's SQL is
// the same text in both.

/** A statement and its values ($1, $2, … in order). */
export type SqlStatement = { text: string; values: unknown[] };

/** Whatever runs the statements: the Prisma client or a transaction, PGlite in a test. */
export type SqlRunner = {
  query<Row>(statement: SqlStatement): Promise<Row[]>;
  execute(statement: SqlStatement): Promise<void>;
};

/** Active knowledge ids ranked by PostgreSQL full-text rank (any query term may match). */
export function rankKnowledgeByTextSql(input: {
  ownerId: string;
  searchText: string;
  limit: number;
}): SqlStatement {
  // plainto_tsquery drops stop words and stems; its AND becomes OR so a paraphrase that shares
  // some terms still ranks (ts_rank_cd rewards the ones sharing more).
  return {
    text: `
    WITH query AS (
      SELECT NULLIF(replace(plainto_tsquery('english', $1)::text, '&', '|'), '') AS text
    )
    SELECT k.id, ts_rank_cd(k."searchVector", query.text::tsquery)::float8 AS rank
    FROM knowledge k, query
    WHERE query.text IS NOT NULL AND k."ownerId" = $2 AND k.status = 'active'
      AND k."searchVector" @@ query.text::tsquery
    ORDER BY rank DESC, k."createdAt" DESC
    LIMIT $3`,
    values: [input.searchText, input.ownerId, input.limit],
  };
}

/**
 * Prepares the HNSW path: the extension, a `vector(dimensions)` column beside the `real[]` one,
 * its HNSW index (cosine) and a backfill of existing rows. A column of another dimension (the
 * embedding model changed) is rebuilt.
 */
export async function ensureHnswColumnWith(
  runner: SqlRunner,
  input: { dimensions: number },
): Promise<void> {
  const dimensions = Math.trunc(input.dimensions);
  await runner.execute({ text: "CREATE EXTENSION IF NOT EXISTS vector", values: [] });
  const [column] = await runner.query<{ type: string }>({
    text: `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
    WHERE attrelid = 'knowledge'::regclass AND attname = 'embedding_hnsw' AND NOT attisdropped`,
    values: [],
  });
  if (column && column.type !== `vector(${dimensions})`) {
    await runner.execute({
      text: 'ALTER TABLE knowledge DROP COLUMN "embedding_hnsw"',
      values: [],
    });
  }
  // The dimension is a checked integer: DDL takes no parameters.
  await runner.execute({
    text: `ALTER TABLE knowledge ADD COLUMN IF NOT EXISTS "embedding_hnsw" vector(${dimensions})`,
    values: [],
  });
  await runner.execute({
    text: 'CREATE INDEX IF NOT EXISTS knowledge_embedding_hnsw_idx ON knowledge USING hnsw ("embedding_hnsw" vector_cosine_ops)',
    values: [],
  });
  await runner.execute({
    text: `UPDATE knowledge SET "embedding_hnsw" = embedding::vector(${dimensions})
     WHERE "embedding_hnsw" IS NULL AND cardinality(embedding) = ${dimensions}`,
    values: [],
  });
}

/** Writes one item's HNSW vector (inside the transaction that inserted it). */
export function writeHnswEmbeddingSql(id: string, embedding: Float32Array): SqlStatement {
  return {
    text: `UPDATE knowledge SET "embedding_hnsw" = $1::vector WHERE id = $2`,
    values: [vectorLiteral(embedding), id],
  };
}

/** Nearest active items by cosine distance through the HNSW index. */
export function hnswNearestSql(input: {
  ownerId: string;
  model: string;
  vector: Float32Array;
  limit: number;
}): SqlStatement {
  return {
    text: `
    SELECT id, (1 - ("embedding_hnsw" <=> $1::vector))::float8 AS similarity
    FROM knowledge
    WHERE "ownerId" = $2 AND status = 'active' AND "embeddingModel" = $3
      AND "embedding_hnsw" IS NOT NULL
    ORDER BY "embedding_hnsw" <=> $1::vector
    LIMIT $4`,
    values: [vectorLiteral(input.vector), input.ownerId, input.model, input.limit],
  };
}

function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector).join(",")}]`;
}
