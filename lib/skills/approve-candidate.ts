import "server-only";
import type { ApprovedSkill } from "@/lib/contracts/skill";
import { findSkillRow, isUniqueViolation, updateSkillRow } from "@/lib/db/queries/skills";
import { NotFoundError } from "@/lib/errors/http-errors";
import { SkillConflictError } from "@/lib/errors/skill-errors";
import { isNormalisedSkillName, skillNameOrThrow } from "@/lib/skills/skill-name";
import { skillChecksum, skillVersionPath } from "@/lib/skills/skill-storage";
import { isActiveNameTaken } from "./store-new-skill";
import {
  readStoredSkillVersion,
  removeStoredSkill,
  SkillVersionExistsError,
  writeStoredSkillVersion,
} from "./stored-skill-files";
import { validateSkillFiles } from "./validate-skill-files";

/**
 * `POST /api/skills/candidates/{name}/approve` (SK-4): the candidate moves into the owner's
 * active set, optionally under `targetName`, with `approved_at` and `playbook_id` recorded. A
 * taken target (a built-in or an active skill) is SKILL_CONFLICT and nothing is touched. The
 * files are copied first and the candidate's removed last, so a failure in between leaves the
 * candidate as it was.
 */
export async function approveCandidate(input: {
  ownerId: string;
  name: string;
  targetName?: string;
  playbookId?: string;
}): Promise<ApprovedSkill> {
  const candidate = isNormalisedSkillName(input.name)
    ? await findSkillRow({ ownerId: input.ownerId, source: "candidate", name: input.name })
    : null;
  if (!candidate) throw new NotFoundError("Skill candidate", { name: input.name });
  const target = input.targetName
    ? skillNameOrThrow({ name: input.targetName, field: "target_name" })
    : candidate.name;
  if (await isActiveNameTaken({ ownerId: input.ownerId, name: target })) {
    throw new SkillConflictError(target);
  }
  const { parsed, files } = validateSkillFiles({
    files: await readStoredSkillVersion({ storagePath: candidate.storagePath }),
    renameTo: target,
  });
  const storagePath = skillVersionPath({
    area: "user",
    ownerId: input.ownerId,
    name: target,
    version: 1,
  });
  try {
    await writeStoredSkillVersion({ storagePath, files });
  } catch (error) {
    if (error instanceof SkillVersionExistsError) throw new SkillConflictError(target);
    throw error;
  }
  const approvedAt = new Date();
  try {
    await updateSkillRow({
      id: candidate.id,
      data: {
        name: target,
        source: "user",
        status: "active",
        version: 1,
        description: parsed.frontMatter.description,
        checksum: skillChecksum({ files }),
        storagePath,
        approvedAt,
        playbookId: input.playbookId ?? null,
        rejectedReason: null,
      },
    });
  } catch (error) {
    await removeStoredSkill({ storagePath });
    if (isUniqueViolation(error)) throw new SkillConflictError(target);
    throw error;
  }
  await removeStoredSkill({ storagePath: candidate.storagePath });
  return {
    name: target,
    approved_at: approvedAt.toISOString(),
    playbook_id: input.playbookId ?? null,
  };
}
