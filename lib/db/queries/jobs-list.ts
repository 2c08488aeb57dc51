import "server-only";
import { getDb } from "../client";

/**
 * A project's jobs of the given kinds, newest first, each with its newest progress row and
 * the name of the dataset its input names (read-only; the results view's job list).
 */
export async function listProjectJobs(input: {
  ownerId: string;
  projectId: string;
  kinds: string[];
  limit: number;
}) {
  const db = await getDb();
  return db.job.findMany({
    where: { ownerId: input.ownerId, projectId: input.projectId, kind: { in: input.kinds } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit,
    select: {
      id: true,
      kind: true,
      status: true,
      sessionId: true,
      input: true,
      result: true,
      errorCode: true,
      errorMessage: true,
      cancelRequested: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
      progress: {
        orderBy: { seq: "desc" },
        take: 1,
        select: { seq: true, stage: true, pct: true, message: true, createdAt: true },
      },
    },
  });
}

/** The names of the owner's datasets among `datasetIds`. */
export async function listDatasetNames(input: { ownerId: string; datasetIds: string[] }) {
  if (input.datasetIds.length === 0) return [];
  const db = await getDb();
  return db.dataset.findMany({
    where: { ownerId: input.ownerId, id: { in: input.datasetIds } },
    select: { id: true, name: true },
  });
}

/** The jobs one of the owner's runs started, in the order they were created, with their times. */
export async function listRunJobTimes(input: { ownerId: string; runId: string }) {
  const db = await getDb();
  return db.job.findMany({
    where: { ownerId: input.ownerId, runId: input.runId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      kind: true,
      status: true,
      toolCallId: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
    },
  });
}
