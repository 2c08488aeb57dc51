import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobChecksumMismatchError } from "@/lib/storage/blob-checksum-mismatch-error";
import { BlobNotFoundError } from "@/lib/storage/blob-not-found-error";
import type { BlobStore } from "@/lib/storage/blob-store";
import { createLocalDiskBlobStore } from "@/lib/storage/local-disk-blob-store";
import { createPostgresBlobStore } from "@/lib/storage/postgres-blob-store";

const mebibyte = 1024 * 1024;

/** `total` bytes of a repeating, position-dependent pattern, generated as pulled. */
function generated(total: number, pieceBytes = 64 * 1024) {
  const hash = createHash("sha256");
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(pieceBytes, total - sent);
      const piece = Buffer.alloc(size);
      for (let offset = 0; offset < size; offset++) piece[offset] = (sent + offset) % 251;
      hash.update(piece);
      sent += size;
      this.push(piece);
    },
  });
  return { stream, sha256: () => hash.digest("hex") };
}

const temporaryRoots: string[] = [];
afterAll(async () => {
  await Promise.all(temporaryRoots.map((root) => rm(root, { recursive: true, force: true })));
});

const implementations: [string, () => Promise<BlobStore>][] = [
  [
    "local disk",
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), "blobs-"));
      temporaryRoots.push(root);
      return createLocalDiskBlobStore({ root });
    },
  ],
  // A small chunk size makes ranges cross many chunk boundaries.
  ["postgres", async () => createPostgresBlobStore({ chunkBytes: 256 * 1024 })],
];

describe.each(implementations)("%s blob store", (name, open) => {
  const prefix = `test-${randomUUID()}`;

  it("round-trips a 64 MiB stream with its size and sha256, memory bounded", async () => {
    const store = await open();
    const key = `${prefix}/big.bin`;
    const source = generated(64 * mebibyte);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const written = await store.write({ key, content: source.stream });
    expect(written).toEqual({ key, bytes: 64 * mebibyte, sha256: source.sha256() });
    const readHash = createHash("sha256");
    let readBytes = 0;
    for await (const piece of await store.read({ key })) {
      readHash.update(piece);
      readBytes += piece.length;
    }
    clearInterval(sampler);
    expect(readBytes).toBe(64 * mebibyte);
    expect(readHash.digest("hex")).toBe(written.sha256);
    // Loose enough for garbage the GC has not collected yet; a whole-file buffer (64 MiB, and
    // pg's copies of a parameter several times that) would cross it.
    const growthMiB = (peak - before) / mebibyte;
    console.info(`${name}: 64 MiB written and read, peak RSS +${growthMiB.toFixed(1)} MiB`);
    expect(growthMiB).toBeLessThan(48);
    expect(await store.stat({ key })).toMatchObject({ key, bytes: 64 * mebibyte });
  }, 60_000);

  it("reads a byte range across chunk boundaries", async () => {
    const store = await open();
    const key = `${prefix}/range.bin`;
    await store.write({ key, content: generated(mebibyte).stream });
    const start = 256 * 1024 - 10;
    const end = 3 * 256 * 1024 + 5;
    const bytes = await buffer(await store.read({ key, range: { start, end } }));
    expect(bytes.length).toBe(end - start + 1);
    expect([...bytes.subarray(0, 3)]).toEqual([start % 251, (start + 1) % 251, (start + 2) % 251]);
    expect(bytes[bytes.length - 1]).toBe(end % 251);
  });

  it("replaces a blob atomically and moves a local file in", async () => {
    const store = await open();
    const key = `${prefix}/replaced.txt`;
    await store.write({ key, content: Readable.from([Buffer.from("first version")]) });
    await store.write({ key, content: Readable.from([Buffer.from("second")]) });
    expect((await buffer(await store.read({ key }))).toString()).toBe("second");
    const staging = await mkdtemp(path.join(tmpdir(), "blob-staging-"));
    temporaryRoots.push(staging);
    const staged = path.join(staging, "upload.partial");
    await writeFile(staged, "moved in");
    const moved = await store.moveFileIn({ key: `${prefix}/moved.txt`, path: staged });
    expect(moved).toMatchObject({ bytes: 8 });
    expect(moved.sha256).toBe(createHash("sha256").update("moved in").digest("hex"));
    expect((await buffer(await store.read({ key: `${prefix}/moved.txt` }))).toString()).toBe(
      "moved in",
    );
    const copy = path.join(staging, "copy.txt");
    await store.materialise({ key: `${prefix}/moved.txt`, path: copy });
    expect(await readFile(copy, "utf8")).toBe("moved in");
    await expect(
      store.materialise({ key: `${prefix}/absent.txt`, path: copy }),
    ).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("lists and deletes by key and by prefix; a missing key is BlobNotFoundError", async () => {
    const store = await open();
    const folder = `${prefix}/folder`;
    for (const name of ["a.txt", "b/c.txt", "b/d résumé@v2.txt"]) {
      await store.write({ key: `${folder}/${name}`, content: Readable.from([Buffer.from(name)]) });
    }
    expect((await store.list({ prefix: `${folder}/` })).map((blob) => blob.key)).toEqual([
      `${folder}/a.txt`,
      `${folder}/b/c.txt`,
      `${folder}/b/d résumé@v2.txt`,
    ]);
    await store.delete({ key: `${folder}/a.txt` });
    await store.delete({ key: `${folder}/a.txt` });
    await expect(store.read({ key: `${folder}/a.txt` })).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.stat({ key: `${folder}/a.txt` })).toBeUndefined();
    await store.deletePrefix({ prefix: `${folder}/b/` });
    expect(await store.list({ prefix: `${folder}/` })).toEqual([]);
  });

  it("refuses keys that could leave the store", async () => {
    const store = await open();
    for (const key of ["../escape", "/absolute", "a//b", "a/./b", "", "a/b\\c", "a\nb"]) {
      await expect(store.stat({ key })).rejects.toThrow(/unsafe blob key/);
    }
  });
});

describe("postgres blob store, writing", () => {
  const prefix = `test-${randomUUID()}`;
  const store = createPostgresBlobStore({ chunkBytes: 256 * 1024 });
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  /** PostgreSQL's own sha256 of a key's chunks in order: what is stored, not what we read. */
  async function storedSha256(key: string) {
    const { rows } = await client.query(
      `SELECT encode(sha256(string_agg(c."data", ''::bytea ORDER BY c."index")), 'hex') AS sha,
         count(*)::int AS chunks
       FROM "blobs" b JOIN "blob_chunks" c ON c."generation" = b."generation"
       WHERE b."key" = $1`,
      [key],
    );
    return rows[0] as { sha: string | null; chunks: number };
  }

  it("stores the bytes themselves, in order, one row per chunk", async () => {
    const key = `${prefix}/exact.bin`;
    const source = generated(mebibyte + 5, 10_000);
    const written = await store.write({ key, content: source.stream });
    expect(written.sha256).toBe(source.sha256());
    expect(await storedSha256(key)).toEqual({ sha: written.sha256, chunks: 5 });
  });

  it("keeps the previous version when the source fails mid-write, and stays usable", async () => {
    const key = `${prefix}/interrupted.txt`;
    await store.write({ key, content: Readable.from([Buffer.from("first version")]) });
    const before = await storedSha256(key);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(700 * 1024, 1);
        throw new Error("client went away");
      })(),
    );
    await expect(store.write({ key, content: failing })).rejects.toThrow("client went away");
    expect((await buffer(await store.read({ key }))).toString()).toBe("first version");
    expect(await storedSha256(key)).toEqual(before);
    // No chunk of the abandoned generation is left behind.
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM "blob_chunks" c
       WHERE NOT EXISTS (SELECT 1 FROM "blobs" b WHERE b."generation" = c."generation")`,
    );
    expect(rows).toEqual([{ n: 0 }]);
    // More writes than the pool has connections: none was left in a broken COPY.
    for (let round = 0; round < 6; round++) {
      const next = `${prefix}/after-${round}.txt`;
      await store.write({ key: next, content: Readable.from([Buffer.from(`round ${round}`)]) });
      expect((await buffer(await store.read({ key: next }))).toString()).toBe(`round ${round}`);
    }
  });

  it("moves a staged file in only if its bytes have the checksum it was staged with", async () => {
    const key = `${prefix}/staged.csv`;
    const staging = await mkdtemp(path.join(tmpdir(), "blob-staging-"));
    temporaryRoots.push(staging);
    const staged = path.join(staging, "upload.partial");
    await writeFile(staged, "source,target\na,b\n");
    const sha256 = createHash("sha256").update("source,target\na,b\n").digest("hex");
    await expect(
      store.moveFileIn({ key, path: staged, sha256: "0".repeat(64) }),
    ).rejects.toBeInstanceOf(BlobChecksumMismatchError);
    expect(await store.stat({ key })).toBeUndefined();
    expect(await store.moveFileIn({ key, path: staged, sha256 })).toEqual({
      key,
      bytes: 18,
      sha256,
    });
    expect(await storedSha256(key)).toEqual({ sha: sha256, chunks: 1 });
  });
});
