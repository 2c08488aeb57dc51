import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { hashingChunker } from "./hashing-chunker";

describe("hashingChunker", () => {
  it("re-cuts uneven pieces into full chunks and a short last one, with size and sha256", async () => {
    const pieces = [Buffer.from("abc"), Buffer.from("defghij"), Buffer.from("k"), "lmnop"];
    const chunker = hashingChunker({ content: Readable.from(pieces), chunkBytes: 4 });
    const seen: string[] = [];
    // Copied as they come: a chunk is valid only until the next is pulled.
    for await (const chunk of chunker.chunks) seen.push(chunk.toString());
    expect(seen).toEqual(["abcd", "efgh", "ijkl", "mnop"]);
    expect(chunker.describe()).toEqual({
      bytes: 16,
      sha256: createHash("sha256").update("abcdefghijklmnop").digest("hex"),
    });
  });

  it("yields nothing for an empty stream and refuses to describe an unread one", async () => {
    const unread = hashingChunker({ content: Readable.from([]), chunkBytes: 4 });
    expect(() => unread.describe()).toThrow(/not read to its end/);
    const chunks = [];
    for await (const chunk of unread.chunks) chunks.push(chunk);
    expect(chunks).toEqual([]);
    expect(unread.describe().bytes).toBe(0);
  });
});
