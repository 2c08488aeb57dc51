import "server-only";
import { listSessionsForProject } from "@/lib/db/queries/sessions";
import { getProjectOrThrow } from "../projects/get-project-or-throw";
import { toSessionJson } from "./session-json";

/** Sessions of the owner's project, most recent first. */
export async function listSessions(input: { ownerId: string; projectId: string }) {
  await getProjectOrThrow(input);
  const sessions = await listSessionsForProject(input);
  return sessions.map(toSessionJson);
}
