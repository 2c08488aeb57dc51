import "server-only";
import type { SkillListItem } from "@/lib/contracts/skill";
import type { SkillRow } from "@/lib/db/queries/skills";
import type { BuiltinSkill } from "@/lib/skills/list-builtin-skills";

/** A stored skill as `GET /api/skills` lists it. */
export function storedSkillListItem(row: NonNullable<SkillRow>): SkillListItem {
  return {
    name: row.name,
    description: row.description,
    source: row.source,
    status: row.status,
    version: row.version,
    ...(row.rejectedReason !== null ? { rejected_reason: row.rejectedReason } : {}),
    approved_at: row.approvedAt?.toISOString() ?? null,
    playbook_id: row.playbookId,
    proposed_by_run_id: row.proposedByRunId,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A built-in skill as `GET /api/skills` lists it. */
export function builtinSkillListItem(skill: BuiltinSkill): SkillListItem {
  return {
    name: skill.frontMatter.name,
    description: skill.frontMatter.description,
    source: "builtin",
    status: "active",
    version: 1,
    approved_at: null,
    playbook_id: null,
    proposed_by_run_id: null,
    updated_at: null,
  };
}
