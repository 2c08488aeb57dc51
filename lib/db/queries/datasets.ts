import "server-only";
import type { DatasetKind } from "@/generated/prisma/client";
import { getDb } from "../client";

/** Datasets of one project of one owner, newest first, with their latest construction. */
export async function listDatasetsWithLatestConstruction(input: {
  ownerId: string;
  projectId: string;
}) {
  const db = await getDb();
  return db.dataset.findMany({
    where: { ownerId: input.ownerId, projectId: input.projectId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    include: {
      constructions: {
        orderBy: { revision: "desc" },
        take: 1,
        select: {
          revision: true,
          status: true,
          errorCode: true,
          errorMessage: true,
          errorLine: true,
          errorColumn: true,
        },
      },
    },
  });
}

/** The newest ready construction revision per dataset (a failed rebuild keeps the last good one). */
export async function listLatestReadyRevisions(input: { ownerId: string; datasetIds: string[] }) {
  const db = await getDb();
  const rows = await db.construction.groupBy({
    by: ["datasetId"],
    where: { ownerId: input.ownerId, datasetId: { in: input.datasetIds }, status: "ready" },
    _max: { revision: true },
  });
  return new Map(rows.map((row) => [row.datasetId, row._max.revision]));
}

/** One dataset, only if it belongs to the owner. */
export async function findDatasetForOwner(input: { ownerId: string; datasetId: string }) {
  const db = await getDb();
  return db.dataset.findFirst({ where: { id: input.datasetId, ownerId: input.ownerId } });
}

/**
 * Inserts the rows of one upload whose bytes are already stored, in one transaction (an edge
 * table and its node table exist together or not at all); in order, so a row may refer to an
 * earlier one through `nodesDatasetId`.
 */
export async function insertDatasets(input: {
  rows: {
    id: string;
    ownerId: string;
    projectId: string;
    name: string;
    originalFilename: string;
    kind: DatasetKind;
    bytes: number;
    checksum: string;
    storagePath: string;
    mediaType: string;
    nodesDatasetId?: string;
  }[];
}) {
  const db = await getDb();
  return db.$transaction(input.rows.map((data) => db.dataset.create({ data })));
}

/** Names of the owner's datasets among `datasetIds` (unknown or foreign ids are left out). */
export async function findDatasetNames(input: { ownerId: string; datasetIds: string[] }) {
  if (input.datasetIds.length === 0) return new Map<string, string>();
  const db = await getDb();
  const rows = await db.dataset.findMany({
    where: { ownerId: input.ownerId, id: { in: input.datasetIds } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((row) => [row.id, row.name]));
}
