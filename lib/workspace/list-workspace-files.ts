import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { listWorkspaceFileRows } from "@/lib/db/queries/workspace-files";
import { prepareWorkspace } from "./prepare-workspace";
import { type WorkspaceAreaName, workspaceAreas } from "./workspace-layout";
import { maxListDepth, maxListEntries } from "./workspace-limits";
import { derivedVersionPath } from "./workspace-reference";

/** One visible entry of a workspace listing (snake_case: it becomes the tool result). */
export type WorkspaceListEntry = {
  area: WorkspaceAreaName;
  path: string;
  /** `Area/path`, the form commands and the view tool accept. */
  reference: string;
  kind: "file" | "directory" | "symlink";
  bytes?: number;
  read_only: boolean;
  modified_at?: string;
  dataset_id?: string;
  dataset_name?: string;
  version?: number;
  checksum?: string;
  published_from_id?: string | null;
};

/**
 * Lists a session's workspace, one area, some (`areas`) or all: Uploaded (the project's uploads by dataset
 * id), Derived (every published version, from its rows), Environment and Ephemeral (walked on
 * disk without following links). Bounded in entries and depth; `truncated` says so.
 */
export async function listWorkspaceFiles(input: {
  ownerId: string;
  sessionId: string;
  area?: WorkspaceAreaName;
  areas?: readonly WorkspaceAreaName[];
}): Promise<{ entries: WorkspaceListEntry[]; truncated: boolean }> {
  const prepared = await prepareWorkspace(input);
  const areas = input.area ? [input.area] : (input.areas ?? workspaceAreas);
  const entries: WorkspaceListEntry[] = [];
  let truncated = false;
  for (const area of areas) {
    if (area === "Uploaded") {
      for (const upload of prepared.uploads) {
        entries.push({
          area,
          path: upload.path,
          reference: `Uploaded/${upload.path}`,
          kind: "file",
          bytes: upload.bytes,
          read_only: true,
          dataset_id: upload.datasetId,
          dataset_name: upload.name,
          checksum: upload.checksum,
        });
      }
    } else if (area === "Derived") {
      const rows = await listWorkspaceFileRows({ ...input, area: "Derived" });
      for (const row of rows) {
        const versioned = derivedVersionPath(row.path, row.version);
        entries.push({
          area,
          path: versioned,
          reference: `Derived/${versioned}`,
          kind: "file",
          bytes: row.bytes,
          read_only: true,
          modified_at: row.createdAt.toISOString(),
          version: row.version,
          checksum: row.checksum,
          published_from_id: row.publishedFromId,
        });
      }
    } else {
      const room = maxListEntries - entries.length;
      const walked = await walkArea(prepared.layout.areas[area], area, room);
      entries.push(...walked.entries);
      truncated ||= walked.truncated;
    }
    if (entries.length >= maxListEntries) {
      truncated = true;
      entries.length = maxListEntries;
      break;
    }
  }
  return { entries, truncated };
}

async function walkArea(root: string, area: WorkspaceAreaName, room: number) {
  const entries: WorkspaceListEntry[] = [];
  let truncated = false;
  const visit = async (relative: string, depth: number): Promise<void> => {
    const names = (await readdir(path.join(root, relative)).catch(() => [] as string[])).sort();
    for (const name of names) {
      if (entries.length >= room) {
        truncated = true;
        return;
      }
      const childPath = relative ? `${relative}/${name}` : name;
      const stats = await lstat(path.join(root, childPath)).catch(() => undefined);
      if (!stats) continue;
      const kind = stats.isSymbolicLink() ? "symlink" : stats.isDirectory() ? "directory" : "file";
      entries.push({
        area,
        path: childPath,
        reference: `${area}/${childPath}`,
        kind,
        ...(kind === "file" ? { bytes: stats.size } : {}),
        read_only: area !== "Ephemeral",
        modified_at: stats.mtime.toISOString(),
      });
      // Links are listed, never followed: where they lead is checked when they are used.
      if (kind === "directory") {
        if (depth + 1 >= maxListDepth) truncated = true;
        else await visit(childPath, depth + 1);
      }
    }
  };
  await visit("", 0);
  return { entries, truncated };
}
