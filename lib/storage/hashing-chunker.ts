import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

/**
 * Re-cuts a stream into chunks of exactly `chunkBytes` (the last one shorter) while counting
 * and hashing it. Pulls the source only as fast as the consumer takes chunks. Every chunk is a
 * view of one reused buffer, valid until the next chunk is pulled: a consumer that has written
 * a chunk before asking for the next (the PostgreSQL store inserts it first) allocates nothing
 * per chunk, which keeps the garbage of a 100 MiB upload, and so its peak memory, down.
 */
export function hashingChunker(input: { content: Readable; chunkBytes: number }) {
  const hash = createHash("sha256");
  let bytes = 0;
  let digest: string | undefined;
  async function* chunks(): AsyncGenerator<Buffer> {
    const chunk = Buffer.allocUnsafe(input.chunkBytes);
    let filled = 0;
    for await (const piece of input.content) {
      let rest = typeof piece === "string" ? Buffer.from(piece) : (piece as Buffer);
      hash.update(rest);
      bytes += rest.length;
      while (rest.length > 0) {
        const take = Math.min(input.chunkBytes - filled, rest.length);
        rest.copy(chunk, filled, 0, take);
        filled += take;
        rest = rest.subarray(take);
        if (filled === input.chunkBytes) {
          yield chunk;
          filled = 0;
        }
      }
    }
    if (filled > 0) yield chunk.subarray(0, filled);
    digest = hash.digest("hex");
  }
  return {
    chunks: chunks(),
    /** Size and sha256 of everything read; only after the chunks are exhausted. */
    describe: () => {
      if (digest === undefined) throw new Error("the stream was not read to its end");
      return { bytes, sha256: digest };
    },
  };
}
