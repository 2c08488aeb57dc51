import "server-only";
import { Readable } from "node:stream";
import { type ModelFile, parseModelFile, serialiseModelFile } from "@/lib/engine/ml/model-file";
import { NotFoundError } from "@/lib/errors/http-errors";
import { assertBlobKey } from "@/lib/storage/blob-key";
import type { BlobInfo } from "@/lib/storage/blob-store";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { readBlobText } from "@/lib/storage/read-blob-text";

const idPattern = /^[A-Za-z0-9-]{1,100}$/;

/**
 * Where a model file lives in the blob store (on the local disk: relative to DATA_DIR):
 * `models/<owner>/<model_id>.json`. Both parts are server-generated ids (checked here anyway),
 * so no user text ever reaches a key.
 */
export function modelFileRelativePath(input: { ownerId: string; modelId: string }): string {
  if (!idPattern.test(input.ownerId) || !idPattern.test(input.modelId)) {
    throw new Error("model file names are built from server ids only");
  }
  return `models/${input.ownerId}/${input.modelId}.json`;
}

/** A stored relative path checked to be a model file's key (under models/), or NOT_FOUND. */
export function modelFileKey(input: { relativePath: string }): string {
  try {
    assertBlobKey(input.relativePath);
  } catch {
    throw new NotFoundError("The model file");
  }
  if (!input.relativePath.startsWith("models/")) throw new NotFoundError("The model file");
  return input.relativePath;
}

/**
 * Writes a model file to the blob store, replacing atomically: a crash never leaves half a
 * model, and a worker on any machine writes where every instance reads.
 */
export async function writeModelFile(input: {
  ownerId: string;
  modelId: string;
  file: ModelFile;
}): Promise<{ relativePath: string; bytes: number }> {
  const relativePath = modelFileRelativePath(input);
  const text = serialiseModelFile({ file: input.file });
  const written = await getBlobStore().write({
    key: relativePath,
    content: Readable.from([Buffer.from(text)]),
  });
  return { relativePath, bytes: written.bytes };
}

/** Reads and verifies (format + checksum) a stored model file. */
export async function readModelFile(input: { relativePath: string }): Promise<ModelFile> {
  const key = modelFileKey(input);
  let text: string;
  try {
    text = await readBlobText({ store: getBlobStore(), key });
  } catch {
    throw new NotFoundError("The model file");
  }
  return parseModelFile({ text });
}

/** The stored model file's size, or undefined when its bytes are gone. */
export async function statModelFile(input: {
  relativePath: string;
}): Promise<BlobInfo | undefined> {
  return getBlobStore().stat({ key: modelFileKey(input) });
}

/** The stored model file as a stream (downloads); NOT_FOUND when its bytes are gone. */
export async function openModelFile(input: { relativePath: string }): Promise<Readable> {
  try {
    return await getBlobStore().read({ key: modelFileKey(input) });
  } catch {
    throw new NotFoundError("The model file");
  }
}
