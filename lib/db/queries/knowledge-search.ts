import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";
import {
  ensureHnswColumnWith,
  hnswNearestSql,
  rankKnowledgeByTextSql,
  type SqlRunner,
  type SqlStatement,
  writeHnswEmbeddingSql,
} from "./knowledge-search-sql";

// Learned-knowledge retrieval (MEM-2): the raw statements are in knowledge-search-sql.ts.

/** Active knowledge ids ranked by PostgreSQL full-text rank (any query term may match). */
export async function rankKnowledgeByText(input: {
  ownerId: string;
  searchText: string;
  limit: number;
}): Promise<{ id: string; rank: number }[]> {
  return prismaRunner(await getDb()).query(rankKnowledgeByTextSql(input));
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
 * Prepares the HNSW path (the extension, the `vector` column, its HNSW index, a backfill; see
 * ensureHnswColumnWith). Runs at most once per process and dimension.
 */
export async function ensureHnswColumn(input: { dimensions: number }): Promise<void> {
  await ensureHnswColumnWith(prismaRunner(await getDb()), input);
}

/** Writes one item's HNSW vector (inside the transaction that inserted it). */
export async function writeHnswEmbedding(
  tx: Prisma.TransactionClient,
  id: string,
  embedding: Float32Array,
): Promise<void> {
  await prismaRunner(tx).execute(writeHnswEmbeddingSql(id, embedding));
}

/** Nearest active items by cosine distance through the HNSW index. */
export async function hnswNearest(input: {
  ownerId: string;
  model: string;
  vector: Float32Array;
  limit: number;
}): Promise<{ id: string; similarity: number }[]> {
  return prismaRunner(await getDb()).query(hnswNearestSql(input));
}

// The statements run through Prisma's raw queries, their values bound as parameters.
function prismaRunner(client: Prisma.TransactionClient): SqlRunner {
  return {
    query: <Row>(statement: SqlStatement) =>
      client.$queryRawUnsafe<Row[]>(statement.text, ...statement.values),
    execute: async (statement) => {
      await client.$executeRawUnsafe(statement.text, ...statement.values);
    },
  };
}
