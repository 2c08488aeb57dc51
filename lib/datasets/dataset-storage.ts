import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { getEnv } from "@/lib/env";
import { UploadUnavailableError } from "@/lib/errors/upload-unavailable-error";
import { BlobNotFoundError } from "@/lib/storage/blob-not-found-error";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { readBlobText } from "@/lib/storage/read-blob-text";

/**
 * Where an upload's bytes live, relative to the data directory. Built from server-generated ids
 * only, so no uploaded name can steer the path (no traversal).
 */
export function datasetStoragePath(input: { ownerId: string; datasetId: string; kind: string }) {
  for (const part of [input.ownerId, input.datasetId, input.kind]) {
    if (!/^[A-Za-z0-9-]+$/.test(part)) throw new Error(`unsafe storage path part: ${part}`);
  }
  return path.posix.join("uploads", input.ownerId, `${input.datasetId}.${input.kind}`);
}

// Uploads stream into here first: under the data directory, so the final move is a rename on
// the same filesystem, and outside every owner's directory, so a half-written upload is never
// seen as a dataset.
const incomingDirectory = path.posix.join("uploads", ".incoming");

/** Creates the directory of uploads in progress; returns its absolute path. */
export async function prepareIncomingDirectory(): Promise<string> {
  const directory = resolveStoredFile(incomingDirectory);
  await mkdir(directory, { recursive: true });
  return directory;
}

/**
 * A fresh path for an upload in progress (a server-generated name, never the upload's).
 * Synchronous, so a streamed part is piped to disk in the same tick it arrives.
 */
export function newIncomingFilePath(input: { directory: string }): string {
  return path.join(input.directory, `${randomUUID()}.partial`);
}

/** Writes in-memory bytes as an upload in progress (for callers that hold the whole file). */
export async function writeIncomingFile(input: { bytes: Uint8Array }): Promise<string> {
  const temporaryPath = newIncomingFilePath({ directory: await prepareIncomingDirectory() });
  await writeFile(temporaryPath, input.bytes, { mode: 0o600, flag: "wx" });
  return temporaryPath;
}

/**
 * Moves a finished upload into the blob store under its storage path: on the local disk a
 * rename (atomic, no copy), in PostgreSQL a stream of the staged file. Staging stays on this
 * machine's disk either way: the multipart stream is inspected while it is written there.
 */
export async function moveIncomingFile(input: {
  temporaryPath: string;
  relativePath: string;
  sha256: string;
}) {
  await getBlobStore().moveFileIn({
    key: input.relativePath,
    path: assertIncoming(input.temporaryPath),
    sha256: input.sha256,
  });
}

/** Removes an upload in progress (any failure before it was stored). */
export async function removeIncomingFile(input: { temporaryPath: string }) {
  await rm(assertIncoming(input.temporaryPath), { force: true });
}

function assertIncoming(temporaryPath: string): string {
  const directory = resolveStoredFile(incomingDirectory);
  if (path.dirname(path.resolve(temporaryPath)) !== directory) {
    throw new Error("not an upload in progress");
  }
  return temporaryPath;
}

/** Removes a stored file (rollback after a failed database write). */
export async function removeStoredFile(relativePath: string) {
  await getBlobStore().delete({ key: relativePath });
}

/** What names a stored upload: enough to find its bytes and to say which file is missing. */
export type StoredUpload = {
  id: string;
  name: string;
  originalFilename: string;
  storagePath: string;
};

/**
 * An upload's whole text (construction parses it whole). Its bytes gone from the store is
 * UPLOAD_UNAVAILABLE, a storage problem named as one, never a parse failure of the file.
 */
export async function readStoredUploadText(input: { dataset: StoredUpload }): Promise<string> {
  const store = getBlobStore();
  try {
    return await readBlobText({ store, key: input.dataset.storagePath });
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw uploadUnavailable({ dataset: input.dataset });
    throw error;
  }
}

/**
 * An upload's whole bytes, for the formats whose readers take bytes (SQLite files; graph files
 * whose streaming parsers decode them a chunk at a time instead of holding one more copy as
 * text). A missing blob is UPLOAD_UNAVAILABLE, as for text.
 */
export async function readStoredUploadBytes(input: { dataset: StoredUpload }): Promise<Uint8Array> {
  const store = getBlobStore();
  try {
    return await buffer(await store.read({ key: input.dataset.storagePath }));
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw uploadUnavailable({ dataset: input.dataset });
    throw error;
  }
}

/** The error for an upload whose bytes this instance's blob store does not hold. */
export function uploadUnavailable(input: { dataset: StoredUpload }): UploadUnavailableError {
  const store = getBlobStore();
  // The key is a server path: logged for the operator, never sent to the client.
  console.warn(
    `datasets: the stored file of dataset ${input.dataset.id} is missing from the ${store.kind} blob store (key ${input.dataset.storagePath})`,
  );
  return new UploadUnavailableError({
    datasetId: input.dataset.id,
    datasetName: input.dataset.name,
    fileName: input.dataset.originalFilename,
    blobStore: store.kind,
  });
}

/**
 * Absolute path of a file under the data directory, refusing anything that would leave it.
 * Only for this machine's own files (uploads in progress); stored uploads go through the blob
 * store, which may not be this disk.
 */
export function resolveStoredFile(relativePath: string): string {
  const root = getEnv().dataDirectory;
  const absolute = path.resolve(root, relativePath);
  if (!absolute.startsWith(root + path.sep))
    throw new Error("stored path escapes the data directory");
  return absolute;
}

/**
 * The first `maxBytes` of an upload as text (a multi-byte character cut at the end is dropped),
 * and whether the file goes on: enough to read a table's header and sample its columns without
 * holding a large file. A missing blob is UPLOAD_UNAVAILABLE, as for the whole text.
 */
export async function readStoredUploadHead(input: {
  dataset: StoredUpload;
  maxBytes: number;
}): Promise<{ text: string; truncated: boolean }> {
  const store = getBlobStore();
  let stream: Awaited<ReturnType<typeof store.read>>;
  try {
    stream = await store.read({ key: input.dataset.storagePath });
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw uploadUnavailable({ dataset: input.dataset });
    throw error;
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  let truncated = false;
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    length += chunk.byteLength;
    if (length >= input.maxBytes) {
      truncated = length > input.maxBytes || !stream.readableEnded;
      break;
    }
  }
  stream.destroy();
  const head = Buffer.concat(chunks).subarray(0, input.maxBytes);
  return { text: new TextDecoder().decode(head).replace(/\uFFFD+$/, ""), truncated };
}
