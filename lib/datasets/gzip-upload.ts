import { Transform } from "node:stream";
import { createGunzip, gunzipSync } from "node:zlib";
import { ApiError } from "@/lib/errors/api-error";
import { UncompressedTooLargeError, UnsupportedFileError } from "@/lib/errors/http-errors";

/** True for a name like `edges.csv.gz`: the upload is gzip and is stored decompressed. */
export function isGzipFilename(filename: string): boolean {
  return /\.gz$/i.test(filename);
}

/** The name of the file inside a `.gz` upload (`edges.csv.gz` → `edges.csv`). */
export function withoutGzipExtension(filename: string): string {
  return filename.replace(/\.gz$/i, "");
}

/**
 * The stages that turn a gzip stream into the bytes it holds, bounded: a Gunzip, then a counter
 * that fails with 413 as soon as the output passes `maxUncompressedBytes`, so a gzip bomb is
 * refused after writing at most that much to the staging file (which the caller then deletes).
 * `onChunk` sees every decompressed chunk (checksum, UTF-8 and shape checks of what is stored).
 */
export function createBoundedGunzip(input: {
  filename: string;
  maxUncompressedBytes: number;
  onChunk: (chunk: Buffer) => void;
}): { gunzip: Transform; counter: Transform } {
  const gunzip = createGunzip();
  let expanded = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      expanded += chunk.byteLength;
      if (expanded > input.maxUncompressedBytes) {
        return callback(new UncompressedTooLargeError(input.maxUncompressedBytes));
      }
      input.onChunk(chunk);
      callback(null, chunk);
    },
  });
  return { gunzip, counter };
}

/** Decompresses bytes already in memory under the same bound (in-process uploads, tests). */
export function gunzipBounded(input: {
  filename: string;
  bytes: Uint8Array;
  maxUncompressedBytes: number;
}): Uint8Array {
  try {
    return gunzipSync(input.bytes, { maxOutputLength: input.maxUncompressedBytes });
  } catch (error) {
    if (
      error instanceof RangeError ||
      (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE"
    ) {
      throw new UncompressedTooLargeError(input.maxUncompressedBytes);
    }
    throw notGzip(input.filename, error as Error);
  }
}

function notGzip(filename: string, error: Error): UnsupportedFileError {
  const truncated = /unexpected end/i.test(error.message);
  return new UnsupportedFileError(
    truncated
      ? `"${filename}" is a truncated gzip file: it ends before its compressed data does.`
      : `"${filename}" is not a gzip file, though its name ends in .gz.`,
    { reason: truncated ? "truncated_gzip" : "not_gzip" },
  );
}

/**
 * zlib's own errors (bad magic bytes, a stream cut short) as a refusal that names the file;
 * any other error (the 413 of the counter, a failed write) is returned unchanged.
 */
export function describeGunzipError(input: { filename: string; error: unknown }): unknown {
  const { error } = input;
  if (ApiError.isInstance(error) || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("Z_")) return notGzip(input.filename, error);
  return error;
}
