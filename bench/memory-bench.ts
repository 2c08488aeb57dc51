// `npm run bench:memory`: the learned-knowledge targets of issue 14, measured here.
// - exact top-10 over 10,000 × 512 unit vectors in memory (target ≤ 20 ms), against a full sort
//   of the same scores measured in the same run (the baseline);
// - a hybrid query (vector side + PostgreSQL full-text rank + RRF) at 10,000 items on the
//   embedded PostgreSQL (or TEST_DATABASE_URL), p95 (target ≤ 50 ms), with the query vector
//   given and, separately, including the local embedding of the query;
// - local embedding of one sentence after warm-up (target ≤ 10 ms), beside the per-sentence
//   cost in a batch of 100.
// Prints JSON. Runs with `--conditions=react-server` so `server-only` modules load outside Next.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { disconnectDb } from "../lib/db/client";
import { insertUser } from "../lib/db/queries/users";
import { normalise } from "../lib/memory/embedding/embedder";
import { createLocalEmbedder } from "../lib/memory/embedding/local-embedder";
import { searchKnowledge } from "../lib/memory/knowledge/search-knowledge";
import { searchableText } from "../lib/memory/knowledge/searchable-text";
import { topKByDot } from "../lib/memory/vector-store/top-k-by-dot";
import { startBenchDatabase } from "./bench-database";

const items = 10_000;
const dimensions = 512;
const rounds = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(values: number[]) {
  const round = (value: number) => Math.round(value * 100) / 100;
  return { p50_ms: round(percentile(values, 50)), p95_ms: round(percentile(values, 95)) };
}

async function timeRounds(work: () => Promise<unknown> | unknown, count = rounds) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

let seed = 42;
function random(): number {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32 - 0.5;
}

function randomUnitVector(): Float32Array {
  return normalise(Float32Array.from({ length: dimensions }, random));
}

async function exactSearch() {
  const values = new Float32Array(items * dimensions);
  for (let row = 0; row < items; row++) values.set(randomUnitVector(), row * dimensions);
  const matrix = { values, count: items, dimensions };
  const query = randomUnitVector();
  await timeRounds(() => topKByDot({ matrix, query, k: 10 }), 5);
  const topK = await timeRounds(() => topKByDot({ matrix, query, k: 10 }));
  const fullSort = await timeRounds(() => {
    const scores = new Float64Array(items);
    for (let row = 0; row < items; row++) {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += values[row * dimensions + d] * query[d];
      scores[row] = dot;
    }
    return Array.from(scores.keys())
      .sort((a, b) => scores[b] - scores[a])
      .slice(0, 10);
  });
  return { top10: summary(topK), baseline_full_sort: summary(fullSort), target_ms: 20 };
}

const topics = [
  "community",
  "centrality",
  "upload",
  "report",
  "path",
  "pagerank",
  "bridge",
  "cluster",
];
const verbs = ["run", "check", "compare", "load", "verify", "rank", "filter", "export"];

async function seedKnowledge(connectionString: string, ownerId: string, model: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const batch = 500;
    for (let start = 0; start < items; start += batch) {
      const rows: unknown[] = [];
      const placeholders: string[] = [];
      for (let i = start; i < Math.min(items, start + batch); i++) {
        const text = `To ${verbs[i % verbs.length]} ${topics[i % topics.length]} item ${i}, ${verbs[(i * 7) % verbs.length]} the ${topics[(i * 3) % topics.length]} first.`;
        const base = rows.length;
        rows.push(
          randomUUID(),
          ownerId,
          text,
          `{${Array.from(randomUnitVector()).join(",")}}`,
          model,
          searchableText({ text }),
        );
        placeholders.push(
          `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}::real[], $${base + 5}, 'active', to_tsvector('english', $${base + 6}))`,
        );
      }
      await client.query(
        `INSERT INTO knowledge (id, "ownerId", text, embedding, "embeddingModel", status, "searchVector") VALUES ${placeholders.join(",")}`,
        rows,
      );
    }
  } finally {
    await client.end();
  }
}

async function main() {
  const exact = await exactSearch();
  const embedder = createLocalEmbedder();
  await embedder.embed({ texts: ["warm up the encoder"] });
  for (let i = 0; i < 10; i++) await embedder.embed({ texts: [`warm-up sentence ${i}`] });
  const sentence = "How do I find the nodes that connect two communities?";
  const one = await timeRounds(() => embedder.embed({ texts: [sentence] }));
  const short = await timeRounds(() => embedder.embed({ texts: ["lead with the conclusion"] }));
  const batchStart = performance.now();
  await embedder.embed({ texts: Array.from({ length: 100 }, (_, i) => `${sentence} (${i})`) });
  const perSentenceInBatch = (performance.now() - batchStart) / 100;

  const database = await startBenchDatabase({
    name: "bench-memory",
    environment: { EMBEDDING_PROVIDER: "local" },
  });
  try {
    const owner = await insertUser({
      email: `bench-${randomUUID()}@bench.local`,
      displayName: "bench",
    });
    await seedKnowledge(database.connectionString, owner.id, embedder.model);
    const query = "compare community bridges";
    // The first query loads the owner's matrix (once per change of the set).
    const coldStart = performance.now();
    await searchKnowledge({ ownerId: owner.id, query, k: 10 });
    const cold = performance.now() - coldStart;
    const hybrid = await timeRounds(() => searchKnowledge({ ownerId: owner.id, query, k: 10 }));
    console.log(
      JSON.stringify(
        {
          exact_search_10000x512: exact,
          hybrid_query_10000_items: {
            database: database.mode,
            including_local_query_embedding: summary(hybrid),
            first_query_loading_vectors_ms: Math.round(cold),
            target_p95_ms: 50,
          },
          local_embedding_one_sentence: {
            ten_words: summary(one),
            four_words: summary(short),
            per_sentence_in_batch_of_100_ms: Math.round(perSentenceInBatch * 100) / 100,
            target_ms: 10,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await disconnectDb();
    await database.stop();
  }
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
