import { lstat, mkdir } from "node:fs/promises";
import { findWorkspaceSession } from "@/lib/db/queries/workspace-files";
import { NotFoundError } from "@/lib/errors/http-errors";
import { environmentFromState, renderEnvironmentFile } from "./session-environment";
import { syncDerivedArea } from "./sync-derived-area";
import { syncUploadedArea, type UploadedEntry } from "./sync-uploaded-area";
import { type WorkspaceLayout, workspaceAreas, workspaceLayout } from "./workspace-layout";

/** A session workspace ready on disk, for the owner. */
export type PreparedWorkspace = {
  layout: WorkspaceLayout;
  projectId: string;
  uploads: UploadedEntry[];
  environment: Record<string, string>;
};

/**
 * Checks the session belongs to the owner (404 otherwise), creates the area folders and brings
 * Uploaded, Derived and Environment in line with the database (and the blob store). Every workspace operation starts here.
 */
export async function prepareWorkspace(input: {
  ownerId: string;
  sessionId: string;
}): Promise<PreparedWorkspace> {
  const session = await findWorkspaceSession(input);
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const layout = workspaceLayout(input);
  await mkdir(layout.scratch, { recursive: true, mode: 0o700 });
  for (const area of workspaceAreas) {
    await mkdir(layout.areas[area], { recursive: true, mode: 0o700 });
    // The area folders are ours; if one were replaced by a link, every containment check
    // below would be measured against the wrong root.
    if (!(await lstat(layout.areas[area])).isDirectory()) {
      throw new Error(`workspace area ${area} is not a directory`);
    }
  }
  const environment = environmentFromState(session.state);
  await renderEnvironmentFile({ layout, variables: environment });
  const uploads = await syncUploadedArea({
    layout,
    ownerId: input.ownerId,
    projectId: session.projectId,
  });
  await syncDerivedArea({ layout, ownerId: input.ownerId, sessionId: input.sessionId });
  return { layout, projectId: session.projectId, uploads, environment };
}
