import "server-only";
import type { SessionWatch } from "@/lib/contracts/rerun";
import { findLatestRevision } from "@/lib/db/queries/constructions";
import { findDatasetForOwner } from "@/lib/db/queries/datasets";
import {
  deleteSessionWatch,
  listSessionWatches,
  upsertSessionWatch,
} from "@/lib/db/queries/session-watches";
import { findSessionForOwner } from "@/lib/db/queries/sessions";
import { NotFoundError } from "@/lib/errors/http-errors";

type WatchRow = Awaited<ReturnType<typeof listSessionWatches>>[number];

function toWatchJson(row: WatchRow): SessionWatch {
  return {
    session_id: row.sessionId,
    dataset_id: row.datasetId,
    dataset_name: row.dataset.name,
    last_revision: row.lastRevision,
    created_at: row.createdAt.toISOString(),
  };
}

/** The owner's conversation and a dataset of its project, or 404 for either (never say which). */
async function findSessionAndDataset(input: {
  ownerId: string;
  sessionId: string;
  datasetId: string;
}) {
  const session = await findSessionForOwner(input);
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const dataset = await findDatasetForOwner(input);
  if (!dataset || dataset.projectId !== session.projectId) {
    throw new NotFoundError("Dataset", { dataset_id: input.datasetId });
  }
  return { session, dataset };
}

/**
 * Watches a dataset for a conversation: each revision newer than the one ready now starts a
 * re-run of it by itself. Watching again keeps the watch as it is.
 */
export async function watchSession(input: {
  ownerId: string;
  sessionId: string;
  datasetId: string;
}): Promise<SessionWatch> {
  const { session, dataset } = await findSessionAndDataset(input);
  const latest = await findLatestRevision({ ownerId: input.ownerId, datasetId: dataset.id });
  const row = await upsertSessionWatch({
    ownerId: input.ownerId,
    sessionId: session.id,
    datasetId: dataset.id,
    lastRevision: latest ?? 0,
  });
  return toWatchJson(row);
}

/** Stops watching; the conversation and dataset must still be the owner's (404 otherwise). */
export async function unwatchSession(input: {
  ownerId: string;
  sessionId: string;
  datasetId: string;
}): Promise<void> {
  await findSessionAndDataset(input);
  await deleteSessionWatch(input);
}

/** The datasets a conversation of the owner watches. */
export async function listWatches(input: {
  ownerId: string;
  sessionId: string;
}): Promise<{ watches: SessionWatch[] }> {
  const session = await findSessionForOwner(input);
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const rows = await listSessionWatches(input);
  return { watches: rows.map(toWatchJson) };
}
