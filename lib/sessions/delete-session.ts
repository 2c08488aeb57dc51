import "server-only";
import { rm } from "node:fs/promises";
import { deleteSessionArtifacts } from "@/lib/db/queries/artifacts";
import { hasUnfinishedSessionJob } from "@/lib/db/queries/jobs";
import { findBusyRun } from "@/lib/db/queries/run-records";
import { lockSession } from "@/lib/db/queries/session-lock";
import { deleteSessionRow, findSessionForOwnerInTransaction } from "@/lib/db/queries/sessions";
import { inTransaction } from "@/lib/db/transaction";
import { NotFoundError } from "@/lib/errors/http-errors";
import { SessionBusyError } from "@/lib/errors/run-control-errors";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { relativeToDataDirectory, workspaceLayout } from "@/lib/workspace/workspace-layout";

/**
 * Deletes the owner's conversation with everything that only exists inside it, in one
 * transaction under the session lock (so no run can be admitted half-way): its messages, runs
 * with their events, tool calls and approvals, its decisions and context, its graph state, its
 * workspace file records and the documents its tools produced. The project's datasets, their
 * constructions and trained models stay: they belong to the project, not to one conversation.
 * Refused with SESSION_BUSY while a run (or a job it started) is still working. The workspace's
 * stored bytes are removed after the commit; a failure there leaves unreachable bytes, never a
 * record pointing at nothing.
 */
export async function deleteSession(input: { ownerId: string; sessionId: string }): Promise<void> {
  const session = await inTransaction(async (transaction) => {
    await lockSession(transaction, input.ownerId, input.sessionId);
    const found = await findSessionForOwnerInTransaction(transaction, input);
    if (!found) throw new NotFoundError("Session", { session_id: input.sessionId });
    const busy = await findBusyRun(transaction, input.sessionId);
    if (busy) {
      throw new SessionBusyError(
        "This conversation still has a run in progress: stop it or wait for it to finish, then delete.",
        { session_id: input.sessionId, run_id: busy.id },
      );
    }
    if (await hasUnfinishedSessionJob(transaction, input)) {
      throw new SessionBusyError(
        "A job started in this conversation is still working: wait for it, then delete.",
        { session_id: input.sessionId },
      );
    }
    const scope = { ownerId: input.ownerId, projectId: found.projectId, sessionId: found.id };
    await deleteSessionArtifacts(transaction, scope);
    await deleteSessionRow(transaction, scope);
    return found;
  });
  await removeWorkspaceBytes({ ownerId: session.ownerId, sessionId: session.id });
}

async function removeWorkspaceBytes(input: { ownerId: string; sessionId: string }) {
  const layout = workspaceLayout(input);
  const prefix = `${relativeToDataDirectory(layout.root)}/`;
  await getBlobStore()
    .deletePrefix({ prefix })
    .catch((error: unknown) => {
      console.warn(`The stored files of deleted session ${input.sessionId} stay behind:`, error);
    });
  // The working copy the workspace tools run commands in (on this machine's disk).
  await rm(layout.root, { recursive: true, force: true }).catch(() => {});
}
