import "server-only";
import type { Prisma, SkillSource, SkillStatus } from "@/generated/prisma/client";
import { getDb } from "../client";

/** A stored skill row (user or candidate). */
export type SkillRow = Awaited<ReturnType<typeof findSkillRow>> & {};

/** The owner's user and candidate skills, by name. */
export async function listSkillRows(input: { ownerId: string }) {
  const db = await getDb();
  return db.skill.findMany({
    where: { ownerId: input.ownerId },
    orderBy: [{ name: "asc" }, { source: "asc" }],
  });
}

/** The owner's active skills: the only stored ones a run is ever offered (SK-2). */
export async function listActiveSkillRows(input: { ownerId: string }) {
  const db = await getDb();
  return db.skill.findMany({
    where: { ownerId: input.ownerId, source: "user", status: "active" },
    orderBy: { name: "asc" },
  });
}

/** One skill of the owner by source and name, or null. */
export async function findSkillRow(input: { ownerId: string; source: SkillSource; name: string }) {
  const db = await getDb();
  return db.skill.findUnique({
    where: {
      ownerId_source_name: { ownerId: input.ownerId, source: input.source, name: input.name },
    },
  });
}

/** Inserts a skill row; a taken (owner, source, name) throws Prisma's P2002. */
export async function insertSkillRow(input: {
  ownerId: string;
  name: string;
  source: SkillSource;
  status: SkillStatus;
  description: string;
  checksum: string;
  storagePath: string;
  proposedByRunId?: string | null;
}) {
  const db = await getDb();
  return db.skill.create({ data: { ...input, version: 1 } });
}

/** Points a row at a new version, only if it is still at `fromVersion` (two edits never merge). */
export async function updateSkillRowVersion(input: {
  id: string;
  fromVersion: number;
  description: string;
  checksum: string;
  storagePath: string;
}): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.skill.updateMany({
    where: { id: input.id, version: input.fromVersion },
    data: {
      version: input.fromVersion + 1,
      description: input.description,
      checksum: input.checksum,
      storagePath: input.storagePath,
    },
  });
  return count === 1;
}

/** Changes a row's fields (approve, reject); a taken target name throws Prisma's P2002. */
export async function updateSkillRow(input: { id: string; data: Prisma.SkillUpdateInput }) {
  const db = await getDb();
  return db.skill.update({ where: { id: input.id }, data: input.data });
}

/** Deletes a row of the owner. */
export async function deleteSkillRow(input: { ownerId: string; id: string }) {
  const db = await getDb();
  await db.skill.deleteMany({ where: { id: input.id, ownerId: input.ownerId } });
}

/** Whether an error is a unique-constraint violation (a name taken between check and write). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002"
  );
}

/** Records the skills a run's agent was offered (SK-1), merged with earlier phases' offers. */
export async function recordRunOfferedSkills(input: {
  runId: string;
  skills: { name: string; source: string; version: number }[];
}) {
  const db = await getDb();
  const run = await db.run.findUnique({
    where: { id: input.runId },
    select: { offeredSkills: true },
  });
  const earlier = Array.isArray(run?.offeredSkills)
    ? (run.offeredSkills as { name: string; source: string; version: number }[])
    : [];
  const key = (skill: { name: string; source: string; version: number }) =>
    `${skill.source}:${skill.name}:${skill.version}`;
  const merged = new Map(earlier.map((skill) => [key(skill), skill]));
  for (const skill of input.skills) merged.set(key(skill), skill);
  await db.run.update({
    where: { id: input.runId },
    data: { offeredSkills: [...merged.values()] as Prisma.InputJsonValue },
  });
}

/** The skills a run of the owner was offered, or null when none were recorded. */
export async function findRunOfferedSkills(input: { runId: string; ownerId: string }) {
  const db = await getDb();
  const run = await db.run.findFirst({
    where: { id: input.runId, ownerId: input.ownerId },
    select: { offeredSkills: true },
  });
  return Array.isArray(run?.offeredSkills)
    ? (run.offeredSkills as { name: string; source: string; version: number }[])
    : null;
}
