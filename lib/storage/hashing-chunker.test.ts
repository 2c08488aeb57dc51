import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { hashingChunker, hashingFileChunker } from "./hashing-chunker";

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

describe("hashingFileChunker", () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true }))));

  async function chunksOf(content: string, chunkBytes: number) {
    const folder = await mkdtemp(path.join(tmpdir(), "chunker-"));
    folders.push(folder);
    const file = path.join(folder, "staged");
    await writeFile(file, content);
    const chunker = hashingFileChunker({ path: file, chunkBytes });
    const seen: string[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for await (const chunk of chunker.chunks) {
      seen.push(chunk.toString());
      buffers.add(chunk.buffer);
    }
    return { seen, buffers, described: chunker.describe() };
  }

  it("cuts a file into full chunks and a short last one, with size and sha256", async () => {
    const { seen, buffers, described } = await chunksOf("abcdefghij", 4);
    expect(seen).toEqual(["abcd", "efgh", "ij"]);
    // One buffer for every chunk: the point is that no chunk allocates.
    expect(buffers.size).toBe(1);
    expect(described).toEqual({
      bytes: 10,
      sha256: createHash("sha256").update("abcdefghij").digest("hex"),
    });
  });

  it("yields no empty chunk for a file of whole chunks, and none for an empty file", async () => {
    expect((await chunksOf("abcdefgh", 4)).seen).toEqual(["abcd", "efgh"]);
    const empty = await chunksOf("", 4);
    expect(empty.seen).toEqual([]);
    expect(empty.described.bytes).toBe(0);
  });
});
