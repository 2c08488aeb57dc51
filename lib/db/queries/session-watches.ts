import "server-only";
import { getDb } from "../client";

// Watches: a conversation asked again by itself when a dataset gets a new revision.

const watchSelect = {
  id: true,
  ownerId: true,
  sessionId: true,
  datasetId: true,
  lastRevision: true,
  createdAt: true,
  dataset: { select: { name: true } },
} as const;

/**
 * Starts watching (or keeps the existing watch as it is): `lastRevision` is the revision already
 * answered when the watch begins, so only a newer one starts a re-run.
 */
export async function upsertSessionWatch(input: {
  ownerId: string;
  sessionId: string;
  datasetId: string;
  lastRevision: number;
}) {
  const db = await getDb();
  return db.sessionWatch.upsert({
    where: { sessionId_datasetId: { sessionId: input.sessionId, datasetId: input.datasetId } },
    create: input,
    update: {},
    select: watchSelect,
  });
}

/** Stops watching; nothing happens when the conversation did not watch the dataset. */
export async function deleteSessionWatch(input: {
  ownerId: string;
  sessionId: string;
  datasetId: string;
}) {
  const db = await getDb();
  await db.sessionWatch.deleteMany({
    where: { ownerId: input.ownerId, sessionId: input.sessionId, datasetId: input.datasetId },
  });
}

/** The datasets one conversation of the owner watches. */
export async function listSessionWatches(input: { ownerId: string; sessionId: string }) {
  const db = await getDb();
  return db.sessionWatch.findMany({
    where: { ownerId: input.ownerId, sessionId: input.sessionId },
    orderBy: { createdAt: "asc" },
    select: watchSelect,
  });
}

/** Every watch on one dataset (all its conversations), or on every dataset when none is named. */
export async function listWatchesOfDataset(input: { datasetId?: string }) {
  const db = await getDb();
  return db.sessionWatch.findMany({
    where: input.datasetId ? { datasetId: input.datasetId } : {},
    orderBy: { createdAt: "asc" },
    select: { ...watchSelect, session: { select: { projectId: true } } },
  });
}

/** Records that a watch answered `revision`; never moves it backwards. */
export async function advanceWatchRevision(input: { watchId: string; revision: number }) {
  const db = await getDb();
  await db.sessionWatch.updateMany({
    where: { id: input.watchId, lastRevision: { lt: input.revision } },
    data: { lastRevision: input.revision },
  });
}
