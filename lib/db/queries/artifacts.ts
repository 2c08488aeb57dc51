import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";

/** Stores a document produced by a tool (layout, report). */
export async function insertArtifact(input: {
  ownerId: string;
  projectId: string;
  sessionId?: string;
  runId?: string;
  kind: string;
  title: string;
  content: Prisma.InputJsonValue;
}) {
  const db = await getDb();
  return db.artifact.create({
    data: input,
    select: { id: true, kind: true, title: true, createdAt: true },
  });
}

/** One artefact, only if it belongs to the owner. */
export async function findArtifactForOwner(input: { ownerId: string; artifactId: string }) {
  const db = await getDb();
  return db.artifact.findFirst({ where: { id: input.artifactId, ownerId: input.ownerId } });
}
