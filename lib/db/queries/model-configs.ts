import "server-only";
import type { ModelProtocol } from "@/generated/prisma/client";
import { getDb } from "../client";

/** A user's custom models, oldest first (secretCipher included: callers must not expose it). */
export async function listModelConfigsByOwner(input: { ownerId: string }) {
  const db = await getDb();
  return db.modelConfig.findMany({
    where: { ownerId: input.ownerId },
    orderBy: [{ createdAt: "asc" }, { name: "asc" }],
  });
}

/** One custom model by its unique (owner, name); null for another owner's name. */
export async function findModelConfigByName(input: { ownerId: string; name: string }) {
  const db = await getDb();
  return db.modelConfig.findUnique({
    where: { ownerId_name: { ownerId: input.ownerId, name: input.name } },
  });
}

/** The encrypted secret of one custom model, only if the model belongs to the owner. */
export async function findModelConfigSecret(input: { ownerId: string; modelConfigId: string }) {
  const db = await getDb();
  return db.modelConfig.findFirst({
    where: { id: input.modelConfigId, ownerId: input.ownerId },
    select: { id: true, secretCipher: true },
  });
}

/** Inserts a custom model; a duplicate (owner, name) raises Prisma's P2002. */
export async function insertModelConfig(input: {
  id: string;
  ownerId: string;
  name: string;
  provider: string;
  protocol: ModelProtocol;
  baseUrl: string;
  remoteModelId: string;
  credentialRef: string | null;
  secretCipher: string | null;
}) {
  const db = await getDb();
  return db.modelConfig.create({ data: input });
}

/** The most recently saved encrypted secret of any owner (the start-up key check opens it). */
export async function findNewestModelConfigSecret() {
  const db = await getDb();
  return db.modelConfig.findFirst({
    where: { secretCipher: { not: null } },
    orderBy: { updatedAt: "desc" },
    select: { id: true, ownerId: true, secretCipher: true },
  });
}
