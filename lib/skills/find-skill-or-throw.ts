import "server-only";
import type { SkillSourceName } from "@/lib/contracts/skill";
import { findSkillRow, type SkillRow } from "@/lib/db/queries/skills";
import { NotFoundError } from "@/lib/errors/http-errors";
import { type BuiltinSkill, listBuiltinSkills } from "@/lib/skills/list-builtin-skills";
import { isNormalisedSkillName } from "@/lib/skills/skill-name";

/** A skill found by name: shipped, or a row of the owner. */
export type FoundSkill =
  | { kind: "builtin"; skill: BuiltinSkill }
  | { kind: "stored"; row: NonNullable<SkillRow> };

/**
 * The owner's skill of that name. Without `source`, a built-in wins over the owner's active
 * skill, which wins over a candidate of the same name. Anything else is NOT_FOUND, never
 * another owner's skill.
 */
export async function findSkillOrThrow(input: {
  ownerId: string;
  name: string;
  source?: SkillSourceName;
}): Promise<FoundSkill> {
  const { ownerId, name, source } = input;
  if (!isNormalisedSkillName(name)) throw new NotFoundError("Skill", { name });
  if (source === undefined || source === "builtin") {
    const builtin = (await listBuiltinSkills()).find((skill) => skill.frontMatter.name === name);
    if (builtin) return { kind: "builtin", skill: builtin };
  }
  for (const stored of source === undefined ? (["user", "candidate"] as const) : [source]) {
    if (stored === "builtin") continue;
    const row = await findSkillRow({ ownerId, source: stored, name });
    if (row) return { kind: "stored", row };
  }
  throw new NotFoundError("Skill", { name, ...(source ? { source } : {}) });
}
