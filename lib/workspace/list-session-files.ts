import "server-only";
import path from "node:path";
import type { SessionFile, SessionFiles } from "@/lib/contracts/workspace-files";
import { findPublishingCalls } from "@/lib/db/queries/tool-call-lookups";
import { listWorkspaceFileRows } from "@/lib/db/queries/workspace-files";
import { derivedDownloadName } from "./download-name";
import { listWorkspaceFiles } from "./list-workspace-files";
import type { WorkspaceAreaName } from "./workspace-layout";

/**
 * A session's files for the files panel (UI-4, AF-6): the workspace listing with a download id
 * for Uploaded files (the dataset id) and Derived versions (the version's row id), and for each
 * Derived version the run whose publish call made it. 404 for another owner's session.
 */
export async function listSessionFiles(input: {
  ownerId: string;
  sessionId: string;
  area?: WorkspaceAreaName;
}): Promise<SessionFiles> {
  const { entries, truncated } = await listWorkspaceFiles(input);
  const derivedWanted = !input.area || input.area === "Derived";
  const rows = derivedWanted ? await listWorkspaceFileRows({ ...input, area: "Derived" }) : [];
  const rowByReference = new Map<string, (typeof rows)[number]>(
    rows.map((row) => [`Derived/${row.path}@v${row.version}`, row]),
  );
  const publishing = await findPublishingCalls({
    ...input,
    fileIds: rows.map((row) => row.id),
  });
  const publishedBy = new Map(publishing.map((call) => [call.fileId, call] as const));
  const files: SessionFile[] = entries.map((entry) => {
    const row = entry.area === "Derived" ? rowByReference.get(entry.reference) : undefined;
    const call = row ? publishedBy.get(row.id) : undefined;
    return {
      file_id: entry.area === "Uploaded" ? (entry.dataset_id ?? null) : (row?.id ?? null),
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
