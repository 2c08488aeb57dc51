import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";

/** Stores a finished training's model record (the file is written first). */
export async function insertMlModel(input: {
  id: string;
  ownerId: string;
  projectId: string;
  datasetId: string | null;
  constructionRevision: number | null;
  jobId: string | null;
  task: string;
  algorithm: string;
  config: Prisma.InputJsonValue;
  split: Prisma.InputJsonValue;
  metrics: Prisma.InputJsonValue;
  curves: Prisma.InputJsonValue;
  filePath: string;
}) {
  const db = await getDb();
  return db.mlModel.create({ data: input });
}

/** One model record, only if it belongs to the owner. */
export async function findMlModelForOwner(input: { ownerId: string; modelId: string }) {
  const db = await getDb();
  return db.mlModel.findFirst({ where: { id: input.modelId, ownerId: input.ownerId } });
}

/** The model record a job wrote, if any (a retried job must not train twice). */
export async function findMlModelByJob(input: { ownerId: string; jobId: string }) {
  const db = await getDb();
  return db.mlModel.findFirst({ where: { jobId: input.jobId, ownerId: input.ownerId } });
}

/** A project's model records with their dataset's name, oldest first. */
export async function listMlModelsOfProject(input: { ownerId: string; projectId: string }) {
  const db = await getDb();
  return db.mlModel.findMany({
    where: { ownerId: input.ownerId, projectId: input.projectId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { dataset: { select: { name: true } } },
  });
}
