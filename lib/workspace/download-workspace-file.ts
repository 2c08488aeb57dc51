import "server-only";
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { resolveStoredFile } from "@/lib/datasets/dataset-storage";
import { findDatasetForOwner } from "@/lib/db/queries/datasets";
import { findWorkspaceFileForOwner } from "@/lib/db/queries/workspace-files";
import { NotFoundError } from "@/lib/errors/http-errors";
import { downloadHeaders } from "@/lib/http/attachment-headers";
import { contentTypeForName } from "@/lib/http/content-type-for-name";
import { derivedDownloadName } from "./download-name";
import { uploadedFileName } from "./sync-uploaded-area";
import { workspaceLayout } from "./workspace-layout";

type Located = { absolute: string; name: string; typeName: string };

/**
 * Downloads one file by its id (UI-4): a Derived version (its row) or an upload (its dataset).
 * The path comes only from the database row, is checked to stay inside its own area and is
 * opened without following links; another owner's id, an Ephemeral row or missing bytes → 404.
 */
export async function downloadWorkspaceFile(input: {
  ownerId: string;
  fileId: string;
}): Promise<Response> {
  const located = (await locateDerived(input)) ?? (await locateUpload(input));
  if (!located) throw new NotFoundError("File", { file_id: input.fileId });
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(located.absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    throw new NotFoundError("File", { file_id: input.fileId });
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw new NotFoundError("File", { file_id: input.fileId });
  }
  const stream = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    status: 200,
    headers: downloadHeaders({
      name: located.name,
      contentType: contentTypeForName({ name: located.typeName }),
      bytes: stats.size,
    }),
  });
}

async function locateDerived(input: { ownerId: string; fileId: string }): Promise<Located | null> {
  const row = await findWorkspaceFileForOwner(input);
  // Ephemeral rows are scratch that may change under a reader: only published versions download.
  if (row?.area !== "Derived") return null;
  const areaRoot = workspaceLayout({ ownerId: row.ownerId, sessionId: row.sessionId }).areas
    .Derived;
  const absolute = safeResolve(row.storagePath);
  if (!absolute?.startsWith(areaRoot + path.sep)) return null;
  return {
    absolute,
    name: derivedDownloadName({ path: row.path, version: row.version }),
    typeName: row.path,
  };
}

async function locateUpload(input: { ownerId: string; fileId: string }): Promise<Located | null> {
  const dataset = await findDatasetForOwner({ ownerId: input.ownerId, datasetId: input.fileId });
  if (!dataset) return null;
  const absolute = safeResolve(dataset.storagePath);
  if (!absolute) return null;
  const name = uploadedFileName(dataset.originalFilename, dataset.kind);
  // The type follows what the upload was accepted as (csv, txt, sql), not its given name.
  return { absolute, name, typeName: `upload.${dataset.kind}` };
}

function safeResolve(relativePath: string): string | null {
  try {
    return resolveStoredFile(relativePath);
  } catch {
    return null;
  }
}
