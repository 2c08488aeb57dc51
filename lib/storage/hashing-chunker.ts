import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

/**
 * Re-cuts a stream into chunks of exactly `chunkBytes` (the last one shorter) while counting
 * and hashing it. Pulls the source only as fast as the consumer takes chunks, so at most about
 * one chunk plus one source piece is held.
 */
export function hashingChunker(input: { content: Readable; chunkBytes: number }) {
  const hash = createHash("sha256");
  let bytes = 0;
  let digest: string | undefined;
  async function* chunks(): AsyncGenerator<Buffer> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const piece of input.content) {
      let rest = typeof piece === "string" ? Buffer.from(piece) : (piece as Buffer);
      hash.update(rest);
      bytes += rest.length;
      while (pendingBytes + rest.length >= input.chunkBytes) {
        const take = input.chunkBytes - pendingBytes;
        pending.push(rest.subarray(0, take));
        yield Buffer.concat(pending, input.chunkBytes);
        rest = rest.subarray(take);
        pending = [];
        pendingBytes = 0;
      }
      if (rest.length > 0) {
        // Copied: the source may reuse its buffer once we ask for the next piece.
        pending.push(Buffer.from(rest));
        pendingBytes += rest.length;
      }
    }
    if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
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
