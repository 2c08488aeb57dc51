import { createHash } from "node:crypto";

// Enough bytes for the shape checks (200 meaningful lines of ordinary tables); the whole file is
// still checked for NUL bytes and UTF-8 as it streams past, without being kept.
const headSampleBytes = 256 * 1024;

/** What the content checks need to know about an upload, gathered without holding it all. */
export type UploadContent = {
  bytes: number;
  /** sha256 of all bytes, hex. */
  sha256: string;
  /** The first bytes of the file (at most 256 KiB). */
  head: Uint8Array;
  /** True when the file is longer than `head`, so its last line may be cut. */
  headTruncated: boolean;
  /** A NUL byte appears somewhere: a binary file. */
  binary: boolean;
  /** Every byte sequence is valid UTF-8 (checked across chunk boundaries). */
  utf8: boolean;
};

/** Feeds chunks of an upload, in order, and summarises them at the end. */
export type UploadContentInspector = {
  update(chunk: Uint8Array): void;
  finish(): UploadContent;
};

/**
 * Checksum, size, NUL and UTF-8 checks and a bounded head sample in one streaming pass, so an
 * upload of any size costs a few hundred KiB of memory here.
 */
export function createUploadContentInspector(): UploadContentInspector {
  const hash = createHash("sha256");
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  const headChunks: Uint8Array[] = [];
  let headBytes = 0;
  let bytes = 0;
  let binary = false;
  let utf8 = true;
  return {
    update(chunk) {
      bytes += chunk.byteLength;
      hash.update(chunk);
      if (!binary && chunk.includes(0)) binary = true;
      if (utf8) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          utf8 = false;
        }
      }
      if (headBytes < headSampleBytes) {
        const part = chunk.subarray(0, headSampleBytes - headBytes);
        // A copy: the caller may reuse its chunk buffers.
        headChunks.push(Uint8Array.from(part));
        headBytes += part.byteLength;
      }
    },
    finish() {
      if (utf8) {
        try {
          decoder.decode();
        } catch {
          utf8 = false;
        }
      }
      const head = new Uint8Array(headBytes);
      let offset = 0;
      for (const chunk of headChunks) {
        head.set(chunk, offset);
        offset += chunk.byteLength;
      }
      return {
        bytes,
        sha256: hash.digest("hex"),
        head,
        headTruncated: bytes > headBytes,
        binary,
        utf8,
      };
    },
  };
}

/** The same summary for bytes already in memory (tests, seeds, in-process callers). */
export function inspectUploadBytes(input: { bytes: Uint8Array }): UploadContent {
  const inspector = createUploadContentInspector();
  inspector.update(input.bytes);
  return inspector.finish();
}
