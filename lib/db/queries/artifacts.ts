import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

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

/**
 * Deletes the documents a session's tools produced: they belong to the conversation, and would
 * otherwise stay behind with no conversation to open them from.
 */
export async function deleteSessionArtifacts(
  transaction: Transaction,
  input: { ownerId: string; projectId: string; sessionId: string },
): Promise<number> {
  const { count } = await transactionClient(transaction).artifact.deleteMany({
    where: { sessionId: input.sessionId, ownerId: input.ownerId, projectId: input.projectId },
  });
  return count;
}
