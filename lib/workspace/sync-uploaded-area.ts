import { randomUUID } from "node:crypto";
import { lstat, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { listProjectUploads } from "@/lib/db/queries/workspace-files";
import { UnsafeBlobKeyError } from "@/lib/storage/blob-key";
import { BlobNotFoundError } from "@/lib/storage/blob-not-found-error";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { stripControlCharacters } from "@/lib/text/has-control-characters";
import type { WorkspaceLayout } from "./workspace-layout";

/** One project upload as it appears in the Uploaded area. */
export type UploadedEntry = {
  datasetId: string;
  name: string;
  /** Path inside Uploaded: `<dataset_id>/<original file name>`. */
  path: string;
  bytes: number;
  checksum: string;
};

/**
 * Materialises the session project's uploads in Uploaded as `<dataset_id>/<file name>`.
 * Choice (local disk store): a hard link to the stored upload (no copy, same bytes; a copy when
 * the data directory spans file systems), not a symbolic link — a link out of the area would be
 * refused by the path checks, by design. Nothing can write through it: commands are
 * read-only and the workspace writer only renames into Ephemeral. Uploads are immutable, so
 * an entry of the right size is kept; entries of deleted datasets are removed.
 */
export async function syncUploadedArea(input: {
  layout: WorkspaceLayout;
  ownerId: string;
  projectId: string;
}): Promise<UploadedEntry[]> {
  const root = input.layout.areas.Uploaded;
  const uploads = await listProjectUploads({ ownerId: input.ownerId, projectId: input.projectId });
  const entries: UploadedEntry[] = [];
  for (const upload of uploads) {
    const fileName = uploadedFileName(upload.originalFilename, upload.kind);
    const target = path.join(root, upload.id, fileName);
    const present = await isRegularFileOfSize(target, upload.bytes);
    if (!present && !(await materialise({ upload, target, layout: input.layout }))) continue;
    entries.push({
      datasetId: upload.id,
      name: upload.name,
      path: `${upload.id}/${fileName}`,
      bytes: upload.bytes,
      checksum: upload.checksum,
    });
  }
  await removeStaleEntries(root, new Set(uploads.map((upload) => upload.id)), entries);
  return entries;
}

/**
 * A safe single-component name for an upload: its original name without separators, and
 * without a `.gz` (a compressed upload is stored decompressed, so that is what the file holds).
 */
export function uploadedFileName(originalFilename: string, kind: string): string {
  const cleaned = stripControlCharacters(originalFilename.replace(/\.gz$/i, ""))
    .replaceAll("/", "_")
    .replaceAll("\\", "_")
    .replace(/^\.+/, "")
    .slice(-200);
  return cleaned || `upload.${kind}`;
}

async function materialise(input: {
  upload: { id: string; storagePath: string };
  target: string;
  layout: WorkspaceLayout;
}): Promise<boolean> {
  await mkdir(path.dirname(input.target), { recursive: true, mode: 0o700 });
  await mkdir(input.layout.scratch, { recursive: true, mode: 0o700 });
  const temporary = path.join(input.layout.scratch, `upload-${randomUUID()}`);
  try {
    // A local working copy of the stored upload: a hard link on the local disk store, streamed
    // out of PostgreSQL otherwise (commands run on this machine's files).
    await getBlobStore().materialise({ key: input.upload.storagePath, path: temporary });
  } catch (error) {
    // The upload row exists but its bytes are gone: nothing to mirror (never a dangling entry).
    if (error instanceof BlobNotFoundError || error instanceof UnsafeBlobKeyError) return false;
    throw error;
  }
  // rename replaces an outdated entry in one step, so a concurrent reader sees old or new.
  await rename(temporary, input.target);
  return true;
}

async function removeStaleEntries(root: string, keep: Set<string>, entries: UploadedEntry[]) {
  const wanted = new Set(entries.map((entry) => entry.path));
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!keep.has(name)) {
      await rm(path.join(root, name), { recursive: true, force: true });
      continue;
    }
    for (const child of await readdir(path.join(root, name)).catch(() => [] as string[])) {
      if (!wanted.has(`${name}/${child}`)) {
        await rm(path.join(root, name, child), { recursive: true, force: true });
      }
    }
  }
}

async function isRegularFileOfSize(target: string, bytes: number): Promise<boolean> {
  const stats = await lstat(target).catch(() => undefined);
  return stats?.isFile() === true && stats.size === bytes;
}
