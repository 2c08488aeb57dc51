import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";

/** Chunks of a blob being stored, and what they added up to once all were taken. */
export type HashingChunker = {
  chunks: AsyncGenerator<Buffer>;
  /** Size and sha256 of everything read; only after the chunks are exhausted. */
  describe: () => { bytes: number; sha256: string };
};

/**
 * Re-cuts a stream into chunks of exactly `chunkBytes` (the last one shorter) while counting
 * and hashing it. Pulls the source only as fast as the consumer takes chunks. Every chunk is a
 * view of one reused buffer, valid until the next chunk is pulled: a consumer that has written
 * a chunk before asking for the next (the PostgreSQL store's COPY does) allocates nothing per
 * chunk, which keeps the garbage of a 100 MiB upload, and so its peak memory, down.
 */
export function hashingChunker(input: { content: Readable; chunkBytes: number }): HashingChunker {
  return hashed(recut(input.content, input.chunkBytes));
}

/**
 * The same for a local file, read straight into the one reused chunk buffer: a file read stream
 * would allocate a new buffer per 64 KiB read, 100 MiB of garbage for a 100 MiB file.
 */
export function hashingFileChunker(input: { path: string; chunkBytes: number }): HashingChunker {
  return hashed(readFileChunks(input.path, input.chunkBytes));
}

function hashed(source: AsyncGenerator<Buffer>): HashingChunker {
  const hash = createHash("sha256");
  let bytes = 0;
  let digest: string | undefined;
  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
    digest = hash.digest("hex");
  }
  return {
    chunks: chunks(),
    describe: () => {
      if (digest === undefined) throw new Error("the content was not read to its end");
      return { bytes, sha256: digest };
    },
  };
}

async function* recut(content: Readable, chunkBytes: number): AsyncGenerator<Buffer> {
  const chunk = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  for await (const piece of content) {
    let rest = typeof piece === "string" ? Buffer.from(piece) : (piece as Buffer);
    while (rest.length > 0) {
      const take = Math.min(chunkBytes - filled, rest.length);
      rest.copy(chunk, filled, 0, take);
      filled += take;
      rest = rest.subarray(take);
      if (filled === chunkBytes) {
        yield chunk;
        filled = 0;
      }
    }
  }
  if (filled > 0) yield chunk.subarray(0, filled);
}

async function* readFileChunks(path: string, chunkBytes: number): AsyncGenerator<Buffer> {
  const handle = await open(path, "r");
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      let filled = 0;
      // A read may return less than asked before the end of the file: fill the chunk.
      while (filled < chunkBytes) {
        const { bytesRead } = await handle.read(chunk, filled, chunkBytes - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled > 0) yield filled === chunkBytes ? chunk : chunk.subarray(0, filled);
      if (filled < chunkBytes) return;
    }
  } finally {
    await handle.close();
  }
}
