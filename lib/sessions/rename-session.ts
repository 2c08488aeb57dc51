import "server-only";
import type { Session } from "@/lib/contracts/session";
import { findSessionWithDatasetForOwner, updateSessionTitle } from "@/lib/db/queries/sessions";
import { NotFoundError } from "@/lib/errors/http-errors";
import { lastAttachedDatasetId, resolveAttachedDatasets } from "./session-dataset";
import { toSessionJson } from "./session-json";

/** Renames the owner's conversation; another owner's (or no) session is a 404. */
export async function renameSession(input: {
  ownerId: string;
  sessionId: string;
  title: string;
}): Promise<Session> {
  const updated = await updateSessionTitle(input);
  const session = updated ? await findSessionWithDatasetForOwner(input) : null;
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const [attached] = await resolveAttachedDatasets({
    ownerId: input.ownerId,
    attachedIds: [
      session.activeDataset ? null : lastAttachedDatasetId(session.runs[0]?.attachments),
    ],
  });
  return toSessionJson(session, attached);
}
