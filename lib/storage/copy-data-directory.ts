import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "./blob-store";
import { createLocalDiskBlobStore } from "./local-disk-blob-store";

/**
 * The folders of a data directory that hold stored files (docs/storage.md). Not copied: the
 * embedded database, generated secrets, uploads in progress, and the workspace areas a store
 * rebuilds (Uploaded mirrors uploads, Ephemeral is scratch, Environment is regenerated).
 */
const storedPrefixes = [
  "uploads/",
  "models/",
  "skills/users/",
  "skills/review-queue/",
  "workspaces/",
];

function isStoredKey(key: string): boolean {
  if (key.startsWith("uploads/.incoming/") || key.endsWith(".tmp")) return false;
  if (key.startsWith("workspaces/")) return key.split("/")[3] === "Derived";
  return true;
}

export type CopyProgress = {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  copied: number;
  skipped: number;
};

/**
 * Copies every stored file of a data directory into another blob store (the PostgreSQL one) under
 * the same key. Idempotent: a file the target already holds with the same size and sha256 is
 * skipped, so an interrupted copy is resumed by running it again. Streams file by file.
 */
export async function copyDataDirectory(input: {
  dataDirectory: string;
  target: BlobStore;
  onProgress?: (progress: CopyProgress) => void;
}): Promise<CopyProgress> {
  const source = createLocalDiskBlobStore({ root: input.dataDirectory });
  const files = [];
  for (const prefix of storedPrefixes) {
    files.push(...(await source.list({ prefix })).filter((blob) => isStoredKey(blob.key)));
  }
  const progress: CopyProgress = {
    files: 0,
    totalFiles: files.length,
    bytes: 0,
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    copied: 0,
    skipped: 0,
  };
  for (const file of files) {
    const existing = await input.target.stat({ key: file.key });
    const same =
      existing?.bytes === file.bytes &&
      existing.sha256 !== undefined &&
      existing.sha256 === (await sha256Of(`${input.dataDirectory}/${file.key}`));
    if (same) progress.skipped += 1;
    else {
      await input.target.write({ key: file.key, content: await source.read({ key: file.key }) });
      progress.copied += 1;
    }
    progress.files += 1;
    progress.bytes += file.bytes;
    input.onProgress?.({ ...progress });
  }
  return progress;
}

async function sha256Of(absolute: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(absolute), hash);
  return hash.digest("hex");
}
