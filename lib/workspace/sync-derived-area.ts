import { chmod, lstat, mkdir } from "node:fs/promises";
import path from "node:path";
import { listWorkspaceFileRows } from "@/lib/db/queries/workspace-files";
import { getEnv } from "@/lib/env";
import { UnsafeBlobKeyError } from "@/lib/storage/blob-key";
import { BlobNotFoundError } from "@/lib/storage/blob-not-found-error";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import type { WorkspaceLayout } from "./workspace-layout";

/**
 * Brings this machine's Derived area in line with the session's published versions: a version
 * published on another instance is materialised from the blob store (read-only, like a local
 * publish), so commands here see it too. With the local disk store the versions are these very
 * files, so nothing is copied; a version whose bytes are gone everywhere is left out.
 */
export async function syncDerivedArea(input: {
  layout: WorkspaceLayout;
  ownerId: string;
  sessionId: string;
}): Promise<void> {
  const rows = await listWorkspaceFileRows({
    ownerId: input.ownerId,
    sessionId: input.sessionId,
    area: "Derived",
  });
  const areaRoot = input.layout.areas.Derived;
  for (const row of rows) {
    const target = path.resolve(getEnv().dataDirectory, row.storagePath);
    // Only the session's own area: a row pointing elsewhere is never written through.
    if (!target.startsWith(areaRoot + path.sep)) continue;
    if (await lstat(target).catch(() => undefined)) continue;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await getBlobStore().materialise({ key: row.storagePath, path: target });
      await chmod(target, 0o444);
    } catch (error) {
      if (error instanceof BlobNotFoundError || error instanceof UnsafeBlobKeyError) continue;
      throw error;
    }
  }
}
