import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { processRegistry } from "@/lib/process/process-registry";
import { copyBinaryRowsIn, copyBinaryRowsOut } from "../binary-copy";
import { getDatabaseConnection } from "../database-connection";

// Blob chunks go through pg directly, not Prisma: a write streams many chunks inside one
// transaction that lasts as long as the upload (Prisma's interactive transactions time out after
// seconds), and a read fetches one chunk per query so only one chunk is ever held.
type Registry = { pool?: Promise<pg.Pool> };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const registry = processRegistry<Registry>("__workbenchBlobPool");

function getBlobPool(): Promise<pg.Pool> {
  registry.pool ??= getDatabaseConnection()
    .then(({ connectionString }) => {
      // allowExitOnIdle: a script or test that is done is not kept alive by idle connections.
      const pool = new pg.Pool({ connectionString, max: 4, allowExitOnIdle: true });
      // An idle client's connection dropping must not crash the process; the next query reconnects.
      pool.on("error", () => {});
      return pool;
    })
    .catch((error) => {
      registry.pool = undefined;
      throw error;
    });
  return registry.pool;
}

/** Ends the blob pool (shutdown and tests). */
export async function closeBlobPool(): Promise<void> {
  const pending = registry.pool;
  registry.pool = undefined;
  const pool = await pending?.catch(() => undefined);
  await pool?.end();
}

export type BlobRow = {
  key: string;
  generation: string;
  bytes: number;
  sha256: string;
  chunkBytes: number;
  updatedAt: Date;
};

function toBlobRow(row: Record<string, unknown>): BlobRow {
  return {
    key: row.key as string,
    generation: row.generation as string,
    bytes: Number(row.bytes),
    sha256: row.sha256 as string,
    chunkBytes: row.chunkBytes as number,
    updatedAt: row.updatedAt as Date,
  };
}

/**
 * Writes the chunks `chunks` yields as a new generation of `key`, in one transaction: each chunk
 * is inserted before the next is pulled (so memory holds one chunk), then the key is pointed at
 * the new generation and the previous one's chunks deleted. Until commit readers see the old
 * file; a failure rolls everything back. `describe` is called after the last chunk.
 */
export async function writeBlobGeneration(input: {
  key: string;
  chunkBytes: number;
  chunks: AsyncIterable<Buffer>;
  describe: () => { bytes: number; sha256: string };
}): Promise<BlobRow> {
  const pool = await getBlobPool();
  const client = await pool.connect();
  const generation = randomUUID();
  try {
    await client.query("BEGIN");
    await copyBinaryRowsIn({
      client,
      sql: 'COPY "blob_chunks" ("generation", "index", "data") FROM STDIN (FORMAT binary)',
      rows: chunkRows({ generation, chunks: input.chunks }),
    });
    const { bytes, sha256 } = input.describe();
    // Locks the key's row (if any) so two writers of one key replace each other in turn.
    const previous = await client.query<{ generation: string }>(
      'SELECT "generation" FROM "blobs" WHERE "key" = $1 FOR UPDATE',
      [input.key],
    );
    const written = await client.query(
      `INSERT INTO "blobs" ("key", "generation", "bytes", "sha256", "chunkBytes", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT ("key") DO UPDATE SET "generation" = EXCLUDED."generation",
         "bytes" = EXCLUDED."bytes", "sha256" = EXCLUDED."sha256",
         "chunkBytes" = EXCLUDED."chunkBytes", "updatedAt" = EXCLUDED."updatedAt"
       RETURNING *`,
      [input.key, generation, bytes, sha256, input.chunkBytes],
    );
    const old = previous.rows[0]?.generation;
    if (old) await client.query('DELETE FROM "blob_chunks" WHERE "generation" = $1', [old]);
    await client.query("COMMIT");
    return toBlobRow(written.rows[0]);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Each chunk as a `blob_chunks` row in binary COPY form; the chunk itself is not copied. */
async function* chunkRows(input: {
  generation: string;
  chunks: AsyncIterable<Buffer>;
}): AsyncGenerator<Uint8Array[]> {
  const generation = Buffer.from(input.generation.replaceAll("-", ""), "hex");
  let index = 0;
  for await (const chunk of input.chunks) {
    const indexField = Buffer.allocUnsafe(4);
    indexField.writeInt32BE(index);
    yield [generation, indexField, chunk];
    index += 1;
  }
}

/** The blob stored under `key`, or undefined. */
export async function findBlob(input: { key: string }): Promise<BlobRow | undefined> {
  const pool = await getBlobPool();
  const result = await pool.query('SELECT * FROM "blobs" WHERE "key" = $1', [input.key]);
  return result.rows[0] ? toBlobRow(result.rows[0]) : undefined;
}

/** One chunk of a generation (undefined once that generation was replaced or deleted). */
export async function readBlobChunk(input: {
  generation: string;
  index: number;
}): Promise<Buffer | undefined> {
  // COPY takes no parameters: both values are checked to be what they claim before inlining.
  if (!uuidPattern.test(input.generation) || !Number.isSafeInteger(input.index)) {
    throw new Error("not a blob generation and chunk index");
  }
  const pool = await getBlobPool();
  const client = await pool.connect();
  try {
    const rows = await copyBinaryRowsOut({
      client,
      sql: `COPY (SELECT "data" FROM "blob_chunks" WHERE "generation" = '${input.generation}'
        AND "index" = ${input.index}) TO STDOUT (FORMAT binary)`,
    });
    return rows[0]?.[0] ?? undefined;
  } finally {
    client.release();
  }
}

/** Deletes the blobs whose key is in `keys` or starts with `prefix`; returns how many. */
export async function deleteBlobs(input: { keys?: string[]; prefix?: string }): Promise<number> {
  const pool = await getBlobPool();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const removed = await client.query<{ generation: string }>(
      `DELETE FROM "blobs" WHERE "key" = ANY($1::text[])
         OR ($2::text IS NOT NULL AND starts_with("key", $2::text))
       RETURNING "generation"`,
      [input.keys ?? [], input.prefix ?? null],
    );
    const generations = removed.rows.map((row) => row.generation);
    if (generations.length > 0) {
      await client.query('DELETE FROM "blob_chunks" WHERE "generation" = ANY($1::uuid[])', [
        generations,
      ]);
    }
    await client.query("COMMIT");
    return generations.length;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Blobs whose key starts with `prefix`, in key order. */
export async function listBlobs(input: { prefix: string }): Promise<BlobRow[]> {
  const pool = await getBlobPool();
  const result = await pool.query(
    'SELECT * FROM "blobs" WHERE starts_with("key", $1) ORDER BY "key" COLLATE "C"',
    [input.prefix],
  );
  return result.rows.map(toBlobRow);
}
