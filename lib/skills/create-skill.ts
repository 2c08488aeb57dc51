import "server-only";
import type { SkillListItem } from "@/lib/contracts/skill";
import { skillEntryFile } from "@/lib/skills/skill-file-path";
import { skillNameOrThrow } from "@/lib/skills/skill-name";
import { type SkillTarget, storeNewSkill } from "./store-new-skill";

/** `POST /api/skills`: a SKILL.md written to the owner's skills or to the review queue (SK-4). */
export async function createSkill(input: {
  ownerId: string;
  name: string;
  content: string;
  target: SkillTarget;
}): Promise<SkillListItem> {
  const name = skillNameOrThrow({ name: input.name });
  return storeNewSkill({
    ownerId: input.ownerId,
    name,
    target: input.target,
    files: [{ path: skillEntryFile, bytes: Buffer.from(input.content, "utf8") }],
  });
}
