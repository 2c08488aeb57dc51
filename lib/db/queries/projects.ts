import "server-only";
import { getDb } from "../client";

/** Projects of one owner, oldest first so the default project leads. */
export async function listProjectsByOwner(input: { ownerId: string }) {
  const db = await getDb();
  return db.project.findMany({ where: { ownerId: input.ownerId }, orderBy: { createdAt: "asc" } });
}

/** One project, only if it belongs to the owner. */
export async function findProjectForOwner(input: { ownerId: string; projectId: string }) {
  const db = await getDb();
  return db.project.findFirst({ where: { id: input.projectId, ownerId: input.ownerId } });
}

/** Finds a project by its unique (owner, name). */
export async function findProjectByName(input: { ownerId: string; name: string }) {
  const db = await getDb();
  return db.project.findUnique({
    where: { ownerId_name: { ownerId: input.ownerId, name: input.name } },
  });
}

/** Inserts a project; a duplicate name raises Prisma's P2002. */
export async function insertProject(input: { ownerId: string; name: string }) {
  const db = await getDb();
  return db.project.create({ data: input });
}

/** Makes sure the owner has a project of that name (first start). */
export async function upsertProjectByName(input: { ownerId: string; name: string }) {
  const db = await getDb();
  return db.project.upsert({
    where: { ownerId_name: { ownerId: input.ownerId, name: input.name } },
    update: {},
    create: input,
  });
}
