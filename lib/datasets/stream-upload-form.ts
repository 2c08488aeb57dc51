import "server-only";
import { createWriteStream } from "node:fs";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { InvalidRequestError, PayloadTooLargeError } from "@/lib/errors/http-errors";
import { assignUploadRoles, type UploadFilePart } from "./assign-upload-roles";
import {
  newIncomingFilePath,
  prepareIncomingDirectory,
  removeIncomingFile,
} from "./dataset-storage";
import { createBoundedGunzip, describeGunzipError, isGzipFilename } from "./gzip-upload";
import { createUploadContentInspector, type UploadContent } from "./upload-content";

// Multipart headers and boundaries around the files; generous so a file exactly at the limit fits.
const multipartOverheadBytes = 64 * 1024;
// An edge table and its node table, no more.
const maxFileParts = 2;

/**
 * An upload streamed to a temporary file under the data directory, with its content summary.
 * A `.gz` upload is staged decompressed: `content` describes the bytes inside it.
 */
export type StagedFile = { filename: string; temporaryPath: string; content: UploadContent };

/** A parsed upload request: the edge table (or only file), its node table if sent, the name. */
export type UploadForm = { file: StagedFile; nodes?: StagedFile; name?: string };

/**
 * Streams a multipart upload to temporary files, never holding more than a chunk of it in
 * memory. Accepts `file` (once, or twice for an edge table and its node table), `nodes` (a node
 * table beside one `file`) and `name`; any other part is refused with 400 naming it. A declared
 * Content-Length over the limit is refused before reading; a file is cut off soon after it
 * passes the limit. On any failure every temporary file is removed before the error is thrown;
 * on success the caller owns the files (uploadDataset stores or removes them). A file named
 * `*.gz` is decompressed as it streams: `maxFileBytes` counts its compressed bytes and
 * `maxUncompressedBytes` what it expands to (a gzip bomb is refused with 413 mid-stream).
 */
export async function streamUploadForm(input: {
  request: Request;
  maxFileBytes: number;
  maxUncompressedBytes: number;
}): Promise<UploadForm> {
  const { request, maxFileBytes, maxUncompressedBytes } = input;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new InvalidRequestError('Send the file as multipart/form-data in a field named "file".');
  }
  const maxBodyBytes = maxFileParts * maxFileBytes + multipartOverheadBytes;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    throw new PayloadTooLargeError(maxFileBytes, { received_bytes: declared });
  }
  if (!request.body) throw new InvalidRequestError("The request has no body.");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Filenames in the part headers are UTF-8 in every current browser.
      defParamCharset: "utf8",
      limits: { fieldSize: 64 * 1024, fieldNameSize: 200 },
    });
  } catch {
    throw new InvalidRequestError("The multipart body could not be read (no boundary).");
  }
  const directory = await prepareIncomingDirectory();
  const source = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
  const parts = await parseParts({
    source,
    parser,
    directory,
    maxFileBytes,
    maxBodyBytes,
    maxUncompressedBytes,
  });
  try {
    return assignUploadRoles(parts);
  } catch (error) {
    await Promise.all(
      parts.files.map((part) => removeIncomingFile({ temporaryPath: part.file.temporaryPath })),
    );
    throw error;
  }
}

type ParsedParts = { files: UploadFilePart[]; name?: string };

function parseParts(input: {
  source: Readable;
  parser: busboy.Busboy;
  directory: string;
  maxFileBytes: number;
  maxBodyBytes: number;
  maxUncompressedBytes: number;
}): Promise<ParsedParts> {
  const { source, parser, directory, maxFileBytes, maxBodyBytes } = input;
  const files: UploadFilePart[] = [];
  const temporaryPaths: string[] = [];
  const writes: Promise<void>[] = [];
  const openStreams = new Set<Readable | Writable>();
  let name: string | undefined;
  let failure: unknown;

  return new Promise<ParsedParts>((resolve, reject) => {
    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      // Stop reading the body (cancels the web stream) and every file write in flight, then
      // delete what was written: nothing half-stored survives a refused upload.
      source.unpipe();
      source.destroy();
      for (const stream of openStreams) stream.destroy();
      void Promise.allSettled(writes)
        .then(() =>
          Promise.all(temporaryPaths.map((temporaryPath) => removeIncomingFile({ temporaryPath }))),
        )
        .finally(() => reject(error));
    };

    parser.on("file", (field, stream, info) => {
      openStreams.add(stream);
      const refusal = refuseFilePart({ field, files, seen: writes.length });
      if (refusal) {
        stream.resume();
        return fail(refusal);
      }
      // Arrival order, taken now: parts finish writing in any order (a small second part
      // before a large first one), and the roles of two `file` parts fall back on this order.
      const order = writes.length;
      // Piped in this tick: a stream destroyed before its pipeline exists would never settle.
      const temporaryPath = newIncomingFilePath({ directory });
      temporaryPaths.push(temporaryPath);
      const filename = info.filename ?? "";
      const inspector = createUploadContentInspector();
      const writer = createWriteStream(temporaryPath, { mode: 0o600, flags: "wx" });
      openStreams.add(writer);
      const { piped, limiter } = pipeFileToDisk({
        stream,
        writer,
        filename,
        inspector,
        maxFileBytes,
        maxUncompressedBytes: input.maxUncompressedBytes,
      });
      const write = (async () => {
        await piped;
        openStreams.delete(stream);
        openStreams.delete(writer);
        if (limiter.receivedBytes() > maxFileBytes) {
          throw new PayloadTooLargeError(maxFileBytes, { received_bytes: limiter.receivedBytes() });
        }
        files.push({
          field: field as UploadFilePart["field"],
          order,
          file: { filename, temporaryPath, content: inspector.finish() },
        });
      })();
      writes.push(write);
      write.catch((error: unknown) => fail(error));
    });

    parser.on("field", (field, value, info) => {
      if (field === "file" || field === "nodes") {
        return fail(
          new InvalidRequestError(`The "${field}" part must be a file, not a text field.`),
        );
      }
      if (field !== "name" || name !== undefined) return fail(unexpectedPart(field));
      if (info.valueTruncated) return fail(new InvalidRequestError("The name is too long."));
      name = value;
    });

    parser.on("close", () => {
      void Promise.allSettled(writes).then(() => {
        if (failure === undefined)
          resolve({ files: files.sort((a, b) => a.order - b.order), name });
      });
    });
    parser.on("error", () =>
      fail(new InvalidRequestError("The multipart body could not be read.")),
    );
    source.on("error", () => fail(new InvalidRequestError("The upload was interrupted.")));

    let bodyBytes = 0;
    const bodyLimiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bodyBytes += chunk.byteLength;
        if (bodyBytes > maxBodyBytes) return callback(new PayloadTooLargeError(maxFileBytes));
        callback(null, chunk);
      },
    });
    bodyLimiter.on("error", fail);
    source.pipe(bodyLimiter).pipe(parser);
  });
}

/**
 * The pipeline from a file part to its staging file: the compressed-size limit first, then
 * (for `.gz`) the bounded decompression, so the inspector and the disk see what is stored.
 */
function pipeFileToDisk(input: {
  stream: Readable;
  writer: Writable;
  filename: string;
  inspector: ReturnType<typeof createUploadContentInspector>;
  maxFileBytes: number;
  maxUncompressedBytes: number;
}) {
  const { stream, writer, filename, inspector, maxFileBytes } = input;
  if (!isGzipFilename(filename)) {
    const limiter = fileSizeLimiter({ maxFileBytes, onChunk: (chunk) => inspector.update(chunk) });
    return { piped: pipeline(stream, limiter.transform, writer), limiter };
  }
  const limiter = fileSizeLimiter({ maxFileBytes, onChunk: () => {} });
  const { gunzip, counter } = createBoundedGunzip({
    filename,
    maxUncompressedBytes: input.maxUncompressedBytes,
    onChunk: (chunk) => inspector.update(chunk),
  });
  const piped = pipeline(stream, limiter.transform, gunzip, counter, writer).catch(
    (error: unknown) => {
      // Past the compressed limit the limiter drops the tail, so Gunzip sees a cut stream:
      // that is a file over the limit (413), not a truncated one (415).
      if (limiter.receivedBytes() > maxFileBytes) {
        throw new PayloadTooLargeError(maxFileBytes, { received_bytes: limiter.receivedBytes() });
      }
      throw describeGunzipError({ filename, error });
    },
  );
  return { piped, limiter };
}

/** Why a file part is not accepted here, if it is not; the order of parts does not matter. */
function refuseFilePart(input: { field: string; files: UploadFilePart[]; seen: number }) {
  if (input.field !== "file" && input.field !== "nodes") return unexpectedPart(input.field);
  if (input.seen >= maxFileParts) {
    return new InvalidRequestError(
      `Unexpected part "${input.field}": an upload holds at most an edge table and its node table.`,
      { part: input.field },
    );
  }
  return undefined;
}

function unexpectedPart(field: string) {
  return new InvalidRequestError(
    `Unexpected part "${field}": send "file" (and optionally "nodes" and "name") only.`,
    { part: field },
  );
}

/**
 * Counts a file's bytes as they arrive (compressed, for a `.gz`) and hands them on. Past the
 * limit it stops passing bytes on but keeps counting for a little while, so a file slightly over
 * the limit is refused with its real size; far over it, it fails at once and the body stops
 * being read.
 */
function fileSizeLimiter(input: { maxFileBytes: number; onChunk: (chunk: Buffer) => void }) {
  let received = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.byteLength;
      if (received > input.maxFileBytes + multipartOverheadBytes) {
        return callback(new PayloadTooLargeError(input.maxFileBytes));
      }
      if (received > input.maxFileBytes) return callback();
      input.onChunk(chunk);
      callback(null, chunk);
    },
  });
  return { transform, receivedBytes: () => received };
}
