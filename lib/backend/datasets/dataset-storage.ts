import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/lib/env";

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

/** Writes bytes atomically (temp file + rename), so a crash never leaves a half file in place. */
export async function writeStoredFile(input: { relativePath: string; bytes: Uint8Array }) {
  const absolute = resolveStoredFile(input.relativePath);
  await mkdir(path.dirname(absolute), { recursive: true });
  const temporary = `${absolute}.${process.pid}.partial`;
  await writeFile(temporary, input.bytes, { mode: 0o600 });
  await rename(temporary, absolute);
}

/** Removes a stored file (rollback after a failed database write). */
export async function removeStoredFile(relativePath: string) {
  await rm(resolveStoredFile(relativePath), { force: true });
}

/** Absolute path of a stored file, refusing anything that would leave the data directory. */
export function resolveStoredFile(relativePath: string): string {
  const root = getEnv().dataDirectory;
  const absolute = path.resolve(root, relativePath);
  if (!absolute.startsWith(root + path.sep))
    throw new Error("stored path escapes the data directory");
  return absolute;
}
