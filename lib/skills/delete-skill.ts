import "server-only";
import type { SkillSourceName } from "@/lib/contracts/skill";
import { deleteSkillRow } from "@/lib/db/queries/skills";
import { BuiltinSkillReadonlyError } from "@/lib/errors/skill-errors";
import { findSkillOrThrow } from "./find-skill-or-throw";
import { removeStoredSkill } from "./stored-skill-files";

/** `DELETE /api/skills/{name}`: a user or candidate skill with all its versions; built-ins → 403. */
export async function deleteSkill(input: {
  ownerId: string;
  name: string;
  source?: SkillSourceName;
}): Promise<void> {
  const found = await findSkillOrThrow(input);
  if (found.kind === "builtin") throw new BuiltinSkillReadonlyError(input.name);
  // The row first: once it is gone no run is offered the skill, whatever is left on disk.
  await deleteSkillRow({ ownerId: input.ownerId, id: found.row.id });
  await removeStoredSkill({ storagePath: found.row.storagePath });
}
