import path from "node:path";
import { getEnv } from "@/lib/env";

/** The four areas of a session workspace (the Prisma enum `WorkspaceArea`, same spelling). */
export const workspaceAreas = ["Uploaded", "Derived", "Environment", "Ephemeral"] as const;
export type WorkspaceAreaName = (typeof workspaceAreas)[number];

/** True for an area name, spelled exactly (areas are case-sensitive, like their folders). */
export function isWorkspaceArea(value: string): value is WorkspaceAreaName {
  return (workspaceAreas as readonly string[]).includes(value);
}

/** The only area commands and the safe writer may write to. */
export const writableArea: WorkspaceAreaName = "Ephemeral";

/** The file in Environment that renders the session variables. */
export const environmentFileName = "env.json";

/** Folder layout of one session's workspace, all absolute. */
export type WorkspaceLayout = {
  root: string;
  areas: Record<WorkspaceAreaName, string>;
  /** Not an area: temporary files of commands (TMPDIR) and publish staging; never addressable. */
  scratch: string;
};

/**
 * Where a session's workspace lives: `DATA_DIR/workspaces/<owner_id>/<session_id>/<Area>/`.
 * Ids come from the database, but are still checked so a crafted id can never steer the path.
 */
export function workspaceLayout(input: { ownerId: string; sessionId: string }): WorkspaceLayout {
  for (const id of [input.ownerId, input.sessionId]) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new Error(`unsafe workspace id: ${id}`);
  }
  const root = path.join(getEnv().dataDirectory, "workspaces", input.ownerId, input.sessionId);
  const areas = Object.fromEntries(
    workspaceAreas.map((area) => [area, path.join(root, area)]),
  ) as Record<WorkspaceAreaName, string>;
  return { root, areas, scratch: path.join(root, ".scratch") };
}

/** A path relative to the data directory (what `WorkspaceFile.storagePath` stores). */
export function relativeToDataDirectory(absolute: string): string {
  return path.relative(getEnv().dataDirectory, absolute).split(path.sep).join("/");
}
