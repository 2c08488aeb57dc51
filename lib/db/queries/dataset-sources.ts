import "server-only";
import type { DatasetKind } from "@/generated/prisma/client";
import { getDb } from "../client";

/**
 * Creates a live-source dataset and its source row in one transaction: a dataset is never left
 * without the login it reads with.
 */
export async function insertSourceDataset(input: {
  dataset: {
    id: string;
    ownerId: string;
    projectId: string;
    name: string;
    originalFilename: string;
    kind: DatasetKind;
    checksum: string;
    mediaType: string;
  };
  source: { shownUrl: string; encryptedUrl: string; schemaName: string; tables: string[] };
}) {
  const db = await getDb();
  const [dataset] = await db.$transaction([
    db.dataset.create({ data: { ...input.dataset, bytes: 0, storagePath: "" } }),
    db.datasetSource.create({ data: { datasetId: input.dataset.id, ...input.source } }),
  ]);
  return dataset;
}

/** The source of an owner's live-source dataset, or null. */
export async function findDatasetSource(input: { ownerId: string; datasetId: string }) {
  const db = await getDb();
  return db.datasetSource.findFirst({
    where: { datasetId: input.datasetId, dataset: { ownerId: input.ownerId } },
  });
}
