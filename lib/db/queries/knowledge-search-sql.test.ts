import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuseRanks } from "@/lib/memory/knowledge/reciprocal-rank-fusion";
import { searchableText } from "@/lib/memory/knowledge/searchable-text";
import {
  ensureHnswColumnWith,
  hnswNearestSql,
  rankKnowledgeByTextSql,
  type SqlRunner,
  type SqlStatement,
  writeHnswEmbeddingSql,
} from "./knowledge-search-sql";

// The HNSW path of knowledge search on a real PostgreSQL with pgvector: PGlite (PostgreSQL in
// WebAssembly) with its pgvector extension, the project's migrations applied, and the very
// statements the app runs — index creation, vector ranking, full-text rank — fused as search
// does. The embedded server and Debian's PostgreSQL have no pgvector, so this is where that
// SQL runs. Expected orders and scores are worked out by hand below.

const root = path.resolve(import.meta.dirname, "../../..");
const owner = "00000000-0000-4000-8000-00000000000a";
const stranger = "00000000-0000-4000-8000-00000000000b";
const model = "test-embedder";
let db: PGlite;
let runner: SqlRunner;

type Item = { id: string; owner: string; text: string; embedding: number[]; status?: string };

/** Unit vectors, so cosine similarity is the dot product with the query [1, 0, 0]. */
const items: Item[] = [
  // similarity 1.0; text matches "communities" only.
  { id: "k1", owner, text: "Louvain found four communities", embedding: [1, 0, 0] },
  // similarity 0.8; no text match.
  { id: "k2", owner, text: "PageRank ranks hub nodes", embedding: [0.8, 0.6, 0] },
  // similarity 0.0; text matches both "karate" and "communities".
  { id: "k3", owner, text: "The karate club split into two communities", embedding: [0, 1, 0] },
  // similarity 0.6; text matches "karate" only.
  { id: "k4", owner, text: "Karate bridges by betweenness", embedding: [0.6, 0, 0.8] },
  // Never found: another owner's item, and a proposed one.
  { id: "x1", owner: stranger, text: "karate communities", embedding: [1, 0, 0] },
  { id: "x2", owner, text: "karate communities", embedding: [1, 0, 0], status: "proposed" },
];

const columnType: SqlStatement = {
  text: `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
         WHERE attrelid = 'knowledge'::regclass AND attname = 'embedding_hnsw' AND NOT attisdropped`,
  values: [],
};

beforeAll(async () => {
  db = await PGlite.create({ extensions: { vector } });
  const migrations = path.join(root, "prisma/migrations");
  for (const directory of readdirSync(migrations)
    .filter((name) => /^\d/.test(name))
    .sort()) {
    await db.exec(readFileSync(path.join(migrations, directory, "migration.sql"), "utf8"));
  }
  runner = {
    query: async <Row>(statement: SqlStatement) =>
      (await db.query<Row>(statement.text, statement.values)).rows,
    execute: async (statement: SqlStatement) => {
      await db.query(statement.text, statement.values);
    },
  };
  for (const user of [owner, stranger]) {
    await db.query(`INSERT INTO users (id, email, "displayName") VALUES ($1, $2, 'k')`, [
      user,
      `${user}@test.local`,
    ]);
  }
  // Rows as insertKnowledgeRow writes them (real[] embedding, English tsvector of the
  // searchable text), before the HNSW column exists: its set-up backfills them.
  for (const item of items) {
    await db.query(
      `INSERT INTO knowledge (id, "ownerId", text, embedding, "embeddingModel", status, tags, "searchVector")
       VALUES ($1, $2, $3, $4::real[], $5, $6::"KnowledgeStatus", '{}'::text[], to_tsvector('english', $7))`,
      [
        item.id,
        item.owner,
        item.text,
        item.embedding,
        model,
        item.status ?? "active",
        searchableText({ text: item.text }),
      ],
    );
  }
  await ensureHnswColumnWith(runner, { dimensions: 3 });
}, 120_000);

afterAll(async () => {
  await db?.close();
});

const nearestTo = (query: number[]) =>
  hnswNearestSql({ ownerId: owner, model, vector: new Float32Array(query), limit: 10 });

describe("knowledge search's HNSW path on PostgreSQL with pgvector (PGlite)", () => {
  it("creates the vector(3) column, backfilled, with its HNSW cosine index", async () => {
    const [column] = await runner.query<{ type: string }>(columnType);
    expect(column.type).toBe("vector(3)");
    const [index] = await runner.query<{ definition: string }>({
      text: "SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'knowledge_embedding_hnsw_idx'",
      values: [],
    });
    expect(index.definition).toMatch(/USING hnsw \(embedding_hnsw vector_cosine_ops\)/);
    const missing = await runner.query({
      text: `SELECT id FROM knowledge WHERE "embedding_hnsw" IS NULL`,
      values: [],
    });
    expect(missing).toEqual([]);
  });

  it("ranks the owner's active items by cosine similarity, through the index", async () => {
    const nearest = nearestTo([1, 0, 0]);
    const hits = await runner.query<{ id: string; similarity: number }>(nearest);
    expect(hits.map((hit) => hit.id)).toEqual(["k1", "k2", "k4", "k3"]);
    const expected = [1, 0.8, 0.6, 0];
    hits.forEach((hit, index) => {
      expect(hit.similarity).toBeCloseTo(expected[index], 5);
    });

    // The ORDER BY can be served by the HNSW index: on four rows the planner prefers a sort,
    // so sorting is ruled out to show the index path exists for this very statement.
    await db.exec("SET enable_seqscan = off; SET enable_sort = off");
    const plan = await db.query<{ "QUERY PLAN": string }>(
      `EXPLAIN ${nearest.text}`,
      nearest.values,
    );
    await db.exec("RESET enable_seqscan; RESET enable_sort");
    expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
      /Index Scan using knowledge_embedding_hnsw_idx/,
    );
  });

  it("ranks by full-text, then fuses both sides with the scores worked out by hand", async () => {
    const textHits = await runner.query<{ id: string; rank: number }>(
      rankKnowledgeByTextSql({
        ownerId: owner,
        searchText: searchableText({ text: "karate communities" }),
        limit: 50,
      }),
    );
    // k3 holds both query terms (two covers), k1 and k4 one each: a tie.
    expect(textHits[0].id).toBe("k3");
    expect(
      textHits
        .slice(1)
        .map((hit) => hit.id)
        .toSorted(),
    ).toEqual(["k1", "k4"]);
    expect(textHits[0].rank).toBeGreaterThan(textHits[1].rank);
    expect(textHits[1].rank).toBe(textHits[2].rank);

    const vectorHits = await runner.query<{ id: string }>(nearestTo([1, 0, 0]));
    const fused = fuseRanks({ vectorIds: vectorHits.map((hit) => hit.id), textHits });
    // Vector places k1 1, k2 2, k4 3, k3 4; text places k3 1, k1 and k4 2 (tied).
    const expected: Record<string, number> = {
      k1: 1 / 61 + 1 / 62,
      k3: 1 / 64 + 1 / 61,
      k4: 1 / 63 + 1 / 62,
      k2: 1 / 62,
    };
    expect(fused.map((hit) => hit.id)).toEqual(["k1", "k3", "k4", "k2"]);
    for (const hit of fused) expect(hit.score).toBeCloseTo(expected[hit.id], 12);
    expect(fused.find((hit) => hit.id === "k2")).toMatchObject({ vectorRank: 2, textRank: null });
  });

  it("finds an item added after the set-up once its vector is written", async () => {
    await db.query(
      `INSERT INTO knowledge (id, "ownerId", text, embedding, "embeddingModel", status, tags, "searchVector")
       VALUES ('k5', $1, 'late item', $2::real[], $3, 'active', '{}'::text[], to_tsvector('english', 'late item'))`,
      [owner, [0, 0, 1], model],
    );
    await runner.execute(writeHnswEmbeddingSql("k5", new Float32Array([0, 0, 1])));
    const hits = await runner.query<{ id: string; similarity: number }>(nearestTo([0, 0, 1]));
    // [0, 0, 1] against each: k5 1.0, k4 0.8, the others 0.
    expect(hits.slice(0, 2).map((hit) => hit.id)).toEqual(["k5", "k4"]);
    expect(hits[1].similarity).toBeCloseTo(0.8, 5);
    await db.query("DELETE FROM knowledge WHERE id = 'k5'");
  });

  it("rebuilds the column when the embedding model's dimension changes", async () => {
    await ensureHnswColumnWith(runner, { dimensions: 4 });
    const [column] = await runner.query<{ type: string }>(columnType);
    expect(column.type).toBe("vector(4)");
    // No 3-d embedding fits a 4-d column: nothing is backfilled, nothing is found.
    expect(await runner.query(nearestTo([1, 0, 0, 0]))).toEqual([]);
    await ensureHnswColumnWith(runner, { dimensions: 3 });
    expect((await runner.query<{ id: string }>(nearestTo([1, 0, 0]))).length).toBe(4);
  });
});
