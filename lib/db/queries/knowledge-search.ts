import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";

// Raw SQL for learned-knowledge retrieval (MEM-2) lives here, beside the other queries.

/** Active knowledge ids ranked by PostgreSQL full-text rank (any query term may match). */
export async function rankKnowledgeByText(input: {
  ownerId: string;
  searchText: string;
  limit: number;
}): Promise<{ id: string; rank: number }[]> {
  const db = await getDb();
  // plainto_tsquery drops stop words and stems; its AND becomes OR so a paraphrase that shares
  // some terms still ranks (ts_rank_cd rewards the ones sharing more).
  return db.$queryRaw<{ id: string; rank: number }[]>`
    WITH query AS (
      SELECT NULLIF(replace(plainto_tsquery('english', ${input.searchText})::text, '&', '|'), '') AS text
    )
    SELECT k.id, ts_rank_cd(k."searchVector", query.text::tsquery)::float8 AS rank
    FROM knowledge k, query
    WHERE query.text IS NOT NULL AND k."ownerId" = ${input.ownerId} AND k.status = 'active'
      AND k."searchVector" @@ query.text::tsquery
    ORDER BY rank DESC, k."createdAt" DESC
    LIMIT ${input.limit}`;
}

/**
 * A cheap fingerprint of the owner's searchable embeddings: changes on every add/delete/status.
 * It reads no embedding (they are TOASTed: touching 10,000 of them cost ~40 ms); an item has an
 * embedding model exactly when it has an embedding.
 */
export async function knowledgeEmbeddingFingerprint(input: { ownerId: string; model: string }) {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ fingerprint: string }[]>`
    SELECT count(*)::text || ':' || coalesce(sum(hashtext(id)::bigint), 0)::text AS fingerprint
    FROM knowledge
    WHERE "ownerId" = ${input.ownerId} AND status = 'active' AND "embeddingModel" = ${input.model}`;
  return row?.fingerprint ?? "0:0";
}

/** The owner's active embeddings of one model (the exact backend loads them once per change). */
export async function loadKnowledgeEmbeddings(input: { ownerId: string; model: string }) {
  const db = await getDb();
  return db.knowledge.findMany({
    where: {
      ownerId: input.ownerId,
      status: "active",
      embeddingModel: input.model,
      NOT: { embedding: { isEmpty: true } },
    },
    select: { id: true, embedding: true },
  });
}

/** Knowledge items by id, only the owner's. */
export async function findKnowledgeByIds(input: { ownerId: string; ids: string[] }) {
  const db = await getDb();
  return db.knowledge.findMany({
    where: { ownerId: input.ownerId, id: { in: input.ids } },
    select: { id: true, text: true, tags: true, status: true, sourceRunId: true, createdAt: true },
  });
}

/** Whether the server offers the pgvector extension (installed or installable). */
export async function isVectorExtensionAvailable(): Promise<boolean> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ found: number }[]>`
    SELECT 1 AS found FROM pg_available_extensions WHERE name = 'vector'`;
  return rows.length > 0;
}

/**
 * Prepares the HNSW path: the extension, a `vector(dimensions)` column beside the `real[]` one,
 * its HNSW index (cosine) and a backfill of existing rows. A column of another dimension (the
 * embedding model changed) is rebuilt. Runs at most once per process and dimension.
 */
export async function ensureHnswColumn(input: { dimensions: number }): Promise<void> {
  const db = await getDb();
  const dimensions = Math.trunc(input.dimensions);
  await db.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS vector");
  const [column] = await db.$queryRaw<{ type: string }[]>`
    SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
    WHERE attrelid = 'knowledge'::regclass AND attname = 'embedding_hnsw' AND NOT attisdropped`;
  if (column && column.type !== `vector(${dimensions})`) {
    await db.$executeRawUnsafe('ALTER TABLE knowledge DROP COLUMN "embedding_hnsw"');
  }
  await db.$executeRawUnsafe(
    `ALTER TABLE knowledge ADD COLUMN IF NOT EXISTS "embedding_hnsw" vector(${dimensions})`,
  );
  await db.$executeRawUnsafe(
    'CREATE INDEX IF NOT EXISTS knowledge_embedding_hnsw_idx ON knowledge USING hnsw ("embedding_hnsw" vector_cosine_ops)',
  );
  await db.$executeRawUnsafe(
    `UPDATE knowledge SET "embedding_hnsw" = embedding::vector(${dimensions})
     WHERE "embedding_hnsw" IS NULL AND cardinality(embedding) = ${dimensions}`,
  );
}

/** Writes one item's HNSW vector (inside the transaction that inserted it). */
export async function writeHnswEmbedding(
  tx: Prisma.TransactionClient,
  id: string,
  embedding: Float32Array,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE knowledge SET "embedding_hnsw" = ${vectorLiteral(embedding)}::vector WHERE id = ${id}`;
}

/** Nearest active items by cosine distance through the HNSW index. */
export async function hnswNearest(input: {
  ownerId: string;
  model: string;
  vector: Float32Array;
  limit: number;
}): Promise<{ id: string; similarity: number }[]> {
  const db = await getDb();
  const literal = vectorLiteral(input.vector);
  return db.$queryRaw<{ id: string; similarity: number }[]>`
    SELECT id, (1 - ("embedding_hnsw" <=> ${literal}::vector))::float8 AS similarity
    FROM knowledge
    WHERE "ownerId" = ${input.ownerId} AND status = 'active' AND "embeddingModel" = ${input.model}
      AND "embedding_hnsw" IS NOT NULL
    ORDER BY "embedding_hnsw" <=> ${literal}::vector
    LIMIT ${input.limit}`;
}

function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector).join(",")}]`;
}
