import "server-only";
import { listSessionsForProject } from "@/lib/db/queries/sessions";
import { getProjectOrThrow } from "../projects/get-project-or-throw";
import { lastAttachedDatasetId, resolveAttachedDatasets } from "./session-dataset";
import { toSessionJson } from "./session-json";

/** Sessions of the owner's project, most recent first, each with the dataset it works on. */
export async function listSessions(input: { ownerId: string; projectId: string }) {
  await getProjectOrThrow(input);
  const sessions = await listSessionsForProject(input);
  const attached = await resolveAttachedDatasets({
    ownerId: input.ownerId,
    attachedIds: sessions.map((session) =>
      session.activeDataset ? null : lastAttachedDatasetId(session.runs[0]?.attachments),
    ),
  });
  return sessions.map((session, index) => toSessionJson(session, attached[index]));
}
