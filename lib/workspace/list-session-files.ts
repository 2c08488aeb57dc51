import "server-only";
import path from "node:path";
import type { SessionFile, SessionFiles } from "@/lib/contracts/workspace-files";
import { findSessionDatasetIds } from "@/lib/db/queries/sessions";
import { findPublishingCalls } from "@/lib/db/queries/tool-call-lookups";
import { findWorkspaceSession, listWorkspaceFileRows } from "@/lib/db/queries/workspace-files";
import { NotFoundError } from "@/lib/errors/http-errors";
import { derivedDownloadName } from "./download-name";
import { listWorkspaceFiles } from "./list-workspace-files";
import type { WorkspaceAreaName } from "./workspace-layout";

/**
 * Only these areas hold deliverable files. Environment/env.json carries the session variables,
 * whose values may be credentials that no tool or log ever echoes, and Ephemeral is scratch that
 * may change under a reader: both stay with the workspace tools and are never offered here.
 */
const downloadableAreas = ["Uploaded", "Derived"] as const satisfies readonly WorkspaceAreaName[];

/**
 * A session's files for the files panel (UI-4, AF-6): every file of this conversation that
 * `GET /api/files/{file_id}` downloads, and nothing else — the uploads it used (attached, bound
 * or loaded, with their node tables; the project's other uploads belong to other conversations)
 * by dataset id, and its Derived versions by row id, each with the run whose publish call made
 * it. Asking for Environment or Ephemeral answers an empty list. 404 for another owner's
 * session.
 */
export async function listSessionFiles(input: {
  ownerId: string;
  sessionId: string;
  area?: WorkspaceAreaName;
}): Promise<SessionFiles> {
  const areas = downloadableAreas.filter((area) => !input.area || input.area === area);
  if (areas.length === 0) {
    // Still owner-checked: another owner's session is a 404, not an empty list.
    const session = await findWorkspaceSession(input);
    if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
    return { session_id: input.sessionId, files: [], truncated: false };
  }
  const { entries, truncated } = await listWorkspaceFiles({
    ownerId: input.ownerId,
    sessionId: input.sessionId,
    areas,
  });
  const used = areas.includes("Uploaded") ? await findSessionDatasetIds(input) : new Set();
  const derivedWanted = areas.includes("Derived");
  const rows = derivedWanted ? await listWorkspaceFileRows({ ...input, area: "Derived" }) : [];
  const rowByReference = new Map<string, (typeof rows)[number]>(
    rows.map((row) => [`Derived/${row.path}@v${row.version}`, row]),
  );
  const publishing = await findPublishingCalls({
    ...input,
    fileIds: rows.map((row) => row.id),
  });
  const publishedBy = new Map(publishing.map((call) => [call.fileId, call] as const));
  const files: SessionFile[] = entries.flatMap((entry) => {
    const row = entry.area === "Derived" ? rowByReference.get(entry.reference) : undefined;
    const fileId = entry.area === "Uploaded" ? entry.dataset_id : row?.id;
    // Without an id it cannot be downloaded, so it is not listed.
    if (!fileId || entry.kind !== "file") return [];
    if (entry.area === "Uploaded" && !used.has(fileId)) return [];
    const call = row ? publishedBy.get(row.id) : undefined;
    return {
      file_id: fileId,
      area: entry.area,
      path: entry.path,
      name: row
        ? derivedDownloadName({ path: row.path, version: row.version })
        : path.posix.basename(entry.path),
      reference: entry.reference,
      kind: entry.kind,
      bytes: entry.bytes ?? null,
      version: entry.version ?? null,
      checksum: entry.checksum ?? null,
      modified_at: entry.modified_at ?? null,
      dataset_id: entry.dataset_id ?? null,
      dataset_name: entry.dataset_name ?? null,
      published_by: call
        ? {
            run_id: call.runId,
            tool_call_id: call.toolCallId,
            published_at: call.finishedAt?.toISOString() ?? null,
          }
        : null,
    };
  });
  return { session_id: input.sessionId, files, truncated };
}
