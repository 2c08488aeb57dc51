import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";

/**
 * Reserves the next construction revision of a dataset as `building`. The advisory lock makes
 * concurrent builds of one dataset take distinct, increasing revisions (TC-6).
 */
export async function insertBuildingConstruction(input: {
  datasetId: string;
  ownerId: string;
  projectId: string;
  options: Prisma.InputJsonValue;
  parentRevision?: number;
  operations?: Prisma.InputJsonValue;
}) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await transaction.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`construction:${input.datasetId}`}))`;
    const latest = await transaction.construction.aggregate({
      where: { datasetId: input.datasetId },
      _max: { revision: true },
    });
    return transaction.construction.create({
      data: {
        datasetId: input.datasetId,
        ownerId: input.ownerId,
        projectId: input.projectId,
        revision: (latest._max.revision ?? 0) + 1,
        status: "building",
        options: input.options,
        parentRevision: input.parentRevision,
        operations: input.operations,
      },
    });
  });
}

/** Saves a finished build: counts, schema summary and the compact payload, then `ready`. */
export async function markConstructionReady(input: {
  constructionId: string;
  directed: boolean;
  nodeCount: number;
  edgeCount: number;
  nodeTypes: Prisma.InputJsonValue;
  edgeTypes: Prisma.InputJsonValue;
  schemaSummary?: Prisma.InputJsonValue;
  payload: Uint8Array<ArrayBuffer>;
  payloadFormat: string;
  payloadSha256: string;
}) {
  const db = await getDb();
  const { constructionId, ...data } = input;
  return db.construction.update({
    where: { id: constructionId },
    data: { ...data, status: "ready", finishedAt: new Date() },
  });
}

/** Records why a build failed; the revision stays, marked `failed`, never `ready`. */
export async function markConstructionFailed(input: {
  constructionId: string;
  errorCode: string;
  errorMessage: string;
  errorLine?: number;
  errorColumn?: number;
}) {
  const db = await getDb();
  const { constructionId, ...data } = input;
  return db.construction.update({
    where: { id: constructionId },
    data: { ...data, status: "failed", finishedAt: new Date() },
  });
}

/** Builds left `building` by a process that died: they can never finish, so they failed. */
export async function failAbandonedConstructions() {
  const db = await getDb();
  return db.construction.updateMany({
    where: { status: "building" },
    data: {
      status: "failed",
      errorCode: "INTERRUPTED",
      errorMessage: "The server stopped while this graph was being built. Build it again.",
      finishedAt: new Date(),
    },
  });
}

const summaryFields = {
  id: true,
  datasetId: true,
  revision: true,
  parentRevision: true,
  operations: true,
  options: true,
  status: true,
  directed: true,
  nodeCount: true,
  edgeCount: true,
  nodeTypes: true,
  edgeTypes: true,
  schemaSummary: true,
  errorCode: true,
  errorMessage: true,
  errorLine: true,
  errorColumn: true,
  createdAt: true,
  finishedAt: true,
} as const;

/** Revisions of one dataset of the owner, newest first (no payloads). */
export async function listConstructionsForDataset(input: { ownerId: string; datasetId: string }) {
  const db = await getDb();
  return db.construction.findMany({
    where: { ownerId: input.ownerId, datasetId: input.datasetId },
    orderBy: { revision: "desc" },
    select: summaryFields,
  });
}

/** One ready revision with its payload: the given one, or the newest ready one. */
export async function findReadyConstructionWithPayload(input: {
  ownerId: string;
  datasetId: string;
  revision?: number;
}) {
  const db = await getDb();
  return db.construction.findFirst({
    where: {
      ownerId: input.ownerId,
      datasetId: input.datasetId,
      status: "ready",
      ...(input.revision === undefined ? {} : { revision: input.revision }),
    },
    orderBy: { revision: "desc" },
    select: { ...summaryFields, payload: true, payloadFormat: true, payloadSha256: true },
  });
}

/** The newest revision number of a dataset in any state (for REVISION_CONFLICT checks). */
export async function findLatestRevision(input: { ownerId: string; datasetId: string }) {
  const db = await getDb();
  const latest = await db.construction.aggregate({
    where: { ownerId: input.ownerId, datasetId: input.datasetId, status: "ready" },
    _max: { revision: true },
  });
  return latest._max.revision;
}

/** Outcome of saving a derived revision: saved, or the base was no longer the newest. */
export type DerivedConstructionResult =
  | { saved: true; construction: Awaited<ReturnType<typeof insertDerivedRow>> }
  | { saved: false; latestRevision: number | null };

/**
 * Saves an optimised graph as the next revision, but only if `baseRevision` is still the newest
 * ready one — checked under the dataset's advisory lock, so two commits from the same base
 * cannot both win (AP-5 REVISION_CONFLICT).
 */
export async function insertDerivedConstruction(input: {
  datasetId: string;
  ownerId: string;
  projectId: string;
  baseRevision: number;
  operations: Prisma.InputJsonValue;
  summary: {
    directed: boolean;
    nodeCount: number;
    edgeCount: number;
    nodeTypes: Prisma.InputJsonValue;
    edgeTypes: Prisma.InputJsonValue;
  };
  payload: Uint8Array<ArrayBuffer>;
  payloadFormat: string;
  payloadSha256: string;
}): Promise<DerivedConstructionResult> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await transaction.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`construction:${input.datasetId}`}))`;
    const latestReady = await transaction.construction.aggregate({
      where: { datasetId: input.datasetId, status: "ready" },
      _max: { revision: true },
    });
    if (latestReady._max.revision !== input.baseRevision) {
      return { saved: false as const, latestRevision: latestReady._max.revision };
    }
    return { saved: true as const, construction: await insertDerivedRow(transaction, input) };
  });
}

async function insertDerivedRow(
  transaction: Prisma.TransactionClient,
  input: Parameters<typeof insertDerivedConstruction>[0],
) {
  const latest = await transaction.construction.aggregate({
    where: { datasetId: input.datasetId },
    _max: { revision: true },
  });
  return transaction.construction.create({
    data: {
      datasetId: input.datasetId,
      ownerId: input.ownerId,
      projectId: input.projectId,
      revision: (latest._max.revision ?? 0) + 1,
      parentRevision: input.baseRevision,
      status: "ready",
      operations: input.operations,
      ...input.summary,
      payload: input.payload,
      payloadFormat: input.payloadFormat,
      payloadSha256: input.payloadSha256,
      finishedAt: new Date(),
    },
    select: { id: true, revision: true, parentRevision: true, nodeCount: true, edgeCount: true },
  });
}
