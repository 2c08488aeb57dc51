import "server-only";
import type { SkillListItem } from "@/lib/contracts/skill";
import {
  deleteSkillRow,
  findSkillRow,
  insertSkillRow,
  isUniqueViolation,
} from "@/lib/db/queries/skills";
import { SkillConflictError } from "@/lib/errors/skill-errors";
import { listBuiltinSkills } from "@/lib/skills/list-builtin-skills";
import { type SkillFile, skillChecksum, skillVersionPath } from "@/lib/skills/skill-storage";
import { storedSkillListItem } from "./skill-list-item";
import { removeStoredSkill, writeStoredSkillVersion } from "./stored-skill-files";
import { validateSkillFiles } from "./validate-skill-files";

/** Where a new skill goes: the owner's active set or the review queue (SK-4). */
export type SkillTarget = "user" | "review_queue";

/** Whether an active name is taken: by a built-in or by one of the owner's skills. */
export async function isActiveNameTaken(input: {
  ownerId: string;
  name: string;
}): Promise<boolean> {
  const builtins = await listBuiltinSkills();
  if (builtins.some((skill) => skill.frontMatter.name === input.name)) return true;
  return (
    (await findSkillRow({ ownerId: input.ownerId, source: "user", name: input.name })) !== null
  );
}

/**
 * Stores a new skill as version 1: validated first, the row claimed (a taken name is
 * SKILL_CONFLICT and nothing is written), then the files. A failed write removes the row again.
 */
export async function storeNewSkill(input: {
  ownerId: string;
  files: SkillFile[];
  target: SkillTarget;
  name?: string;
  proposedByRunId?: string;
}): Promise<SkillListItem> {
  const { parsed, files } = validateSkillFiles({ files: input.files, name: input.name });
  const name = parsed.frontMatter.name;
  const source = input.target === "user" ? "user" : "candidate";
  if (source === "user" && (await isActiveNameTaken({ ownerId: input.ownerId, name }))) {
    throw new SkillConflictError(name);
  }
  const storagePath = skillVersionPath({
    area: source === "user" ? "user" : "candidate",
    ownerId: input.ownerId,
    name,
    version: 1,
  });
  let row: Awaited<ReturnType<typeof insertSkillRow>>;
  try {
    row = await insertSkillRow({
      ownerId: input.ownerId,
      name,
      source,
      status: source === "user" ? "active" : "candidate",
      description: parsed.frontMatter.description,
      checksum: skillChecksum({ files }),
      storagePath,
      proposedByRunId: input.proposedByRunId ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SkillConflictError(name, { source });
    throw error;
  }
  try {
    // The row is ours, so any files of that name are a leftover of a crash: replace them.
    await removeStoredSkill({ storagePath });
    await writeStoredSkillVersion({ storagePath, files });
  } catch (error) {
    await deleteSkillRow({ ownerId: input.ownerId, id: row.id });
    throw error;
  }
  return storedSkillListItem(row);
}
