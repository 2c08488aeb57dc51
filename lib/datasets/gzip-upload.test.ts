import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import {
  createBoundedGunzip,
  describeGunzipError,
  gunzipBounded,
  withoutGzipExtension,
} from "./gzip-upload";

async function inflate(input: { bytes: Uint8Array; maxUncompressedBytes: number }) {
  const { gunzip, counter } = createBoundedGunzip({
    filename: "edges.csv.gz",
    maxUncompressedBytes: input.maxUncompressedBytes,
    onChunk: () => {},
  });
  let written = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      written += chunk.byteLength;
      callback();
    },
  });
  try {
    await pipeline(Readable.from([Buffer.from(input.bytes)]), gunzip, counter, sink);
    return { written };
  } catch (error) {
    return { written, error: describeGunzipError({ filename: "edges.csv.gz", error }) };
  }
}

describe("bounded gzip decompression", () => {
  it("passes a file within the bound through whole", async () => {
    const plain = Buffer.from("a,b\nb,c\n".repeat(1000));
    const result = await inflate({ bytes: gzipSync(plain), maxUncompressedBytes: plain.length });
    expect(result).toEqual({ written: plain.length });
  });

  it("stops a bomb once the output passes the bound, having written at most the bound", async () => {
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024), { level: 9 });
    const result = await inflate({ bytes: bomb, maxUncompressedBytes: 1024 * 1024 });
    expect(ApiError.isInstance(result.error) && result.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(result.written).toBeLessThanOrEqual(1024 * 1024);
  });

  it("names a file that is not gzip, and one cut short", async () => {
    const notGzip = await inflate({ bytes: Buffer.from("a,b\n"), maxUncompressedBytes: 100 });
    expect(notGzip.error).toMatchObject({
      code: "UNSUPPORTED_FILE",
      details: { reason: "not_gzip" },
    });
    const whole = gzipSync(Buffer.from("a,b\n".repeat(5000)));
    const cut = await inflate({
      bytes: whole.subarray(0, whole.length - 20),
      maxUncompressedBytes: 1e6,
    });
    expect(cut.error).toMatchObject({ details: { reason: "truncated_gzip" } });
  });

  it("bounds in-memory bytes the same way", () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    expect(() =>
      gunzipBounded({ filename: "x.csv.gz", bytes: bomb, maxUncompressedBytes: 1024 }),
    ).toThrow(/expands past the limit/);
    const plain = gunzipBounded({
      filename: "x.csv.gz",
      bytes: gzipSync(Buffer.from("a,b\n")),
      maxUncompressedBytes: 1024,
    });
    expect(Buffer.from(plain).toString()).toBe("a,b\n");
  });

  it("names the file inside", () => {
    expect(withoutGzipExtension("people.graphml.GZ")).toBe("people.graphml");
  });
});
