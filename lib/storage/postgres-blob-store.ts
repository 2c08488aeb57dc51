import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  deleteBlobs,
  findBlob,
  listBlobs,
  readBlobChunk,
  writeBlobGeneration,
} from "@/lib/db/queries/blobs";
import { BlobChecksumMismatchError } from "./blob-checksum-mismatch-error";
import { assertBlobKey, assertBlobPrefix } from "./blob-key";
import { BlobNotFoundError } from "./blob-not-found-error";
import type { BlobInfo, BlobRange, BlobStore, WrittenBlob } from "./blob-store";
import { hashingChunker, hashingFileChunker } from "./hashing-chunker";

/**
 * 1 MiB: the one buffer a write holds (reused for every chunk) and the unit a read fetches, small
 * against memory yet large enough that a read's query per chunk costs little.
 */
export const defaultChunkBytes = 1024 * 1024;

/**
 * Blobs in PostgreSQL, chunked: `blobs` holds each key's current generation, `blob_chunks` its
 * bytes in pieces of `chunkBytes`. A write streams every chunk through one binary COPY inside
 * one transaction; a read fetches one chunk per query as the consumer pulls. So every instance
 * and worker on the same database sees the same files, and no whole file is ever in memory.
 */
export function createPostgresBlobStore(input: { chunkBytes?: number } = {}): BlobStore {
  const chunkBytes = input.chunkBytes ?? defaultChunkBytes;

  const store = async (input: {
    key: string;
    chunker: ReturnType<typeof hashingChunker>;
    /** The checksum the caller saw; other bytes are not stored (the file changed meanwhile). */
    expectedSha256?: string;
  }): Promise<WrittenBlob> => {
    const { key, chunker, expectedSha256 } = input;
    assertBlobKey(key);
    const row = await writeBlobGeneration({
      key,
      chunkBytes,
      chunks: chunker.chunks,
      // Called before the commit: a mismatch rolls the write back.
      describe: () => {
        const described = chunker.describe();
        if (expectedSha256 !== undefined && described.sha256 !== expectedSha256) {
          throw new BlobChecksumMismatchError({ key, expected: expectedSha256, ...described });
        }
        return described;
      },
    });
    return { key, bytes: row.bytes, sha256: row.sha256 };
  };

  return {
    kind: "postgres",

    async write({ key, content }) {
      return store({ key, chunker: hashingChunker({ content, chunkBytes }) });
    },

    async moveFileIn({ key, path, sha256 }): Promise<WrittenBlob> {
      // Read straight into the chunk buffer: a read stream would allocate a buffer per 64 KiB.
      const chunker = hashingFileChunker({ path, chunkBytes });
      const written = await store({ key, chunker, expectedSha256: sha256 });
      await rm(path, { force: true });
      return written;
    },

    async materialise({ key, path: target }) {
      const content = await this.read({ key });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await pipeline(content, createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read({ key, range }: { key: string; range?: BlobRange }): Promise<Readable> {
      const blob = await findBlob({ key: assertBlobKey(key) });
      if (!blob) throw new BlobNotFoundError(key);
      const start = Math.max(0, range?.start ?? 0);
      const end = Math.min(blob.bytes - 1, range?.end ?? blob.bytes - 1);
      async function* chunks(): AsyncGenerator<Buffer> {
        if (!blob || end < start) return;
        const first = Math.floor(start / blob.chunkBytes);
        const last = Math.floor(end / blob.chunkBytes);
        for (let index = first; index <= last; index++) {
          const data = await readBlobChunk({ generation: blob.generation, index });
          // The key was rewritten or deleted while we read: never splice two files together.
          if (!data) throw new BlobNotFoundError(key);
          const offset = index * blob.chunkBytes;
          yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
        }
      }
      // highWaterMark 1: the stream asks for the next chunk only when the last one was taken.
      return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
    },

    async stat({ key }): Promise<BlobInfo | undefined> {
      const blob = await findBlob({ key: assertBlobKey(key) });
      return blob ? { key, bytes: blob.bytes, sha256: blob.sha256 } : undefined;
    },

    async delete({ key }) {
      await deleteBlobs({ keys: [assertBlobKey(key)] });
    },

    async deletePrefix({ prefix }) {
      await deleteBlobs({ prefix: assertBlobPrefix(prefix) });
    },

    async list({ prefix }): Promise<BlobInfo[]> {
      const rows = await listBlobs({ prefix: assertBlobPrefix(prefix) });
      return rows.map((row) => ({ key: row.key, bytes: row.bytes, sha256: row.sha256 }));
    },
  };
}
