import "server-only";
import { Readable } from "node:stream";
import { uploadUnavailable } from "@/lib/datasets/dataset-storage";
import { findDatasetForOwner } from "@/lib/db/queries/datasets";
import { findWorkspaceFileForOwner } from "@/lib/db/queries/workspace-files";
import { NotFoundError } from "@/lib/errors/http-errors";
import { downloadHeaders } from "@/lib/http/attachment-headers";
import { contentTypeForName } from "@/lib/http/content-type-for-name";
import { assertBlobKey } from "@/lib/storage/blob-key";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { derivedDownloadName } from "./download-name";
import { uploadedFileName } from "./sync-uploaded-area";
import { relativeToDataDirectory, workspaceLayout } from "./workspace-layout";

type Located = {
  key: string;
  name: string;
  typeName: string;
  /** What missing bytes answer: an upload says UPLOAD_UNAVAILABLE, a Derived version 404. */
  missing: () => Error;
};

/**
 * Downloads one file by its id (UI-4): a Derived version (its row) or an upload (its dataset).
 * The blob key comes only from the database row and is checked to stay inside its own area;
 * the bytes come from the blob store (so any instance serves a file published on another);
 * another owner's id, an Ephemeral row or a Derived version's missing bytes → 404; an upload
 * whose bytes are missing → UPLOAD_UNAVAILABLE (its dataset exists, storage lost the file).
 */
export async function downloadWorkspaceFile(input: {
  ownerId: string;
  fileId: string;
}): Promise<Response> {
  const located = (await locateDerived(input)) ?? (await locateUpload(input));
  if (!located) throw new NotFoundError("File", { file_id: input.fileId });
  const store = getBlobStore();
  const found = await store.stat({ key: located.key });
  if (!found) throw located.missing();
  let content: Readable;
  try {
    content = await store.read({ key: located.key });
  } catch {
    throw located.missing();
  }
  const stream = Readable.toWeb(content) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    status: 200,
    headers: downloadHeaders({
      name: located.name,
      contentType: contentTypeForName({ name: located.typeName }),
      bytes: found.bytes,
    }),
  });
}

async function locateDerived(input: { ownerId: string; fileId: string }): Promise<Located | null> {
  const row = await findWorkspaceFileForOwner(input);
  // Ephemeral rows are scratch that may change under a reader: only published versions download.
  if (row?.area !== "Derived") return null;
  const areaKey = relativeToDataDirectory(
    workspaceLayout({ ownerId: row.ownerId, sessionId: row.sessionId }).areas.Derived,
  );
  const key = safeKey(row.storagePath);
  if (!key?.startsWith(`${areaKey}/`)) return null;
  return {
    key,
    name: derivedDownloadName({ path: row.path, version: row.version }),
    typeName: row.path,
    missing: () => new NotFoundError("File", { file_id: input.fileId }),
  };
}

async function locateUpload(input: { ownerId: string; fileId: string }): Promise<Located | null> {
  const dataset = await findDatasetForOwner({ ownerId: input.ownerId, datasetId: input.fileId });
  if (!dataset) return null;
  const key = safeKey(dataset.storagePath);
  if (!key) return null;
  const name = uploadedFileName(dataset.originalFilename, dataset.kind);
  // The type follows what the upload was accepted as (csv, txt, sql), not its given name.
  return {
    key,
    name,
    typeName: `upload.${dataset.kind}`,
    missing: () => uploadUnavailable({ dataset }),
  };
}

function safeKey(relativePath: string): string | null {
  try {
    return assertBlobKey(relativePath);
  } catch {
    return null;
  }
}
