import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { InvalidRequestError, PayloadTooLargeError } from "@/lib/errors/http-errors";
import { skillsRoot } from "@/lib/skills/skill-storage";

// Multipart headers and the `target` field around the file.
const multipartOverheadBytes = 64 * 1024;

/** A skill upload streamed to a temporary file (the caller removes it). */
export type SkillUploadForm = { filename: string; temporaryPath: string; target?: string };

/**
 * Streams a skill upload (`file` plus an optional `target` field) to a temporary file under
 * DATA_DIR/skills/.incoming, never past `maxBytes`: a declared length over it is refused
 * unread, a body that grows past it is cut off. Any other part is refused naming it; on any
 * failure the temporary file is gone before the error is thrown.
 */
export async function streamSkillUpload(input: {
  request: Request;
  maxBytes: number;
}): Promise<SkillUploadForm> {
  const { request, maxBytes } = input;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new InvalidRequestError('Send the skill as multipart/form-data in a field named "file".');
  }
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes + multipartOverheadBytes) {
    throw new PayloadTooLargeError(maxBytes, { received_bytes: declared });
  }
  if (!request.body) throw new InvalidRequestError("The request has no body.");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: 1, fields: 1, fieldSize: 100, fileSize: maxBytes },
    });
  } catch {
    throw new InvalidRequestError("The multipart body could not be read (no boundary).");
  }
  const directory = path.join(skillsRoot(), ".incoming");
  await mkdir(directory, { recursive: true });
  const temporaryPath = path.join(directory, `${randomUUID()}.upload`);
  const source = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
  try {
    return await parse({ source, parser, temporaryPath, maxBytes });
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

function parse(input: {
  source: Readable;
  parser: busboy.Busboy;
  temporaryPath: string;
  maxBytes: number;
}): Promise<SkillUploadForm> {
  const { source, parser, temporaryPath, maxBytes } = input;
  return new Promise((resolve, reject) => {
    let failure: unknown;
    let write: Promise<void> | undefined;
    let filename: string | undefined;
    let target: string | undefined;
    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      source.unpipe();
      source.destroy();
      void Promise.allSettled([write]).finally(() => reject(error));
    };
    parser.on("file", (field, stream, info) => {
      if (field !== "file" || write) {
        stream.resume();
        return fail(
          new InvalidRequestError(`Unexpected part "${field}": send one "file".`, { part: field }),
        );
      }
      filename = info.filename ?? "";
      write = pipeline(stream, createWriteStream(temporaryPath, { mode: 0o600, flags: "wx" })).then(
        () => {
          if ((stream as { truncated?: boolean }).truncated)
            throw new PayloadTooLargeError(maxBytes);
        },
      );
      write.catch(fail);
    });
    parser.on("field", (field, value) => {
      if (field !== "target") {
        return fail(
          new InvalidRequestError(`Unexpected part "${field}": send "file" and "target".`, {
            part: field,
          }),
        );
      }
      target = value;
    });
    parser.on("filesLimit", () => fail(new InvalidRequestError("Send one file per upload.")));
    parser.on("error", () =>
      fail(new InvalidRequestError("The multipart body could not be read.")),
    );
    parser.on("close", () => {
      void Promise.allSettled([write]).then(() => {
        if (failure !== undefined) return;
        if (!write || filename === undefined) {
          return reject(new InvalidRequestError('The upload has no "file" part.'));
        }
        resolve({ filename, temporaryPath, target });
      });
    });
    source.on("error", () => fail(new InvalidRequestError("The upload was interrupted.")));
    let bodyBytes = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bodyBytes += chunk.byteLength;
        if (bodyBytes > maxBytes + multipartOverheadBytes)
          return callback(new PayloadTooLargeError(maxBytes));
        callback(null, chunk);
      },
    });
    limiter.on("error", fail);
    source.pipe(limiter).pipe(parser);
  });
}
