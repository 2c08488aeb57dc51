import "server-only";
import path from "node:path";
import type { SkillSourceName } from "@/lib/contracts/skill";
import { deleteSkillRow } from "@/lib/db/queries/skills";
import { BuiltinSkillReadonlyError } from "@/lib/errors/skill-errors";
import { removeSkillFolder, storedSkillDirectory } from "@/lib/skills/skill-storage";
import { findSkillOrThrow } from "./find-skill-or-throw";

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
  await removeSkillFolder({
    directory: path.dirname(storedSkillDirectory({ storagePath: found.row.storagePath })),
  });
}
