import "server-only";
import type { SkillListItem } from "@/lib/contracts/skill";
import { listSkillRows } from "@/lib/db/queries/skills";
import { listBuiltinSkills } from "@/lib/skills/list-builtin-skills";
import { builtinSkillListItem, storedSkillListItem } from "./skill-list-item";

/** Every skill the owner sees: built-ins, their own, and their review queue (SK-4). */
export async function listSkills(input: { ownerId: string }): Promise<SkillListItem[]> {
  const [builtins, rows] = await Promise.all([listBuiltinSkills(), listSkillRows(input)]);
  return [...builtins.map(builtinSkillListItem), ...rows.map(storedSkillListItem)];
}
