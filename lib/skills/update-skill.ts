import "server-only";
import type { SkillListItem, SkillSourceName } from "@/lib/contracts/skill";
import { findSkillRow, updateSkillRowVersion } from "@/lib/db/queries/skills";
import { BuiltinSkillReadonlyError, SkillConflictError } from "@/lib/errors/skill-errors";
import { skillEntryFile } from "@/lib/skills/skill-file-path";
import { skillChecksum, skillVersionPath } from "@/lib/skills/skill-storage";
import { findSkillOrThrow } from "./find-skill-or-throw";
import { storedSkillListItem } from "./skill-list-item";
import {
  readStoredSkillVersion,
  SkillVersionExistsError,
  writeStoredSkillVersion,
} from "./stored-skill-files";
import { validateSkillFiles } from "./validate-skill-files";

/**
 * `PUT /api/skills/{name}`: a new version of a user or candidate skill. The SKILL.md is
 * replaced, attached files carry over, the old version's folder stays as it was.
 */
export async function updateSkill(input: {
  ownerId: string;
  name: string;
  source?: SkillSourceName;
  content: string;
}): Promise<SkillListItem> {
  const found = await findSkillOrThrow(input);
  if (found.kind === "builtin") throw new BuiltinSkillReadonlyError(input.name);
  const { row } = found;
  const previous = await readStoredSkillVersion({ storagePath: row.storagePath });
  const { parsed, files } = validateSkillFiles({
    name: row.name,
    files: [
      ...previous.filter((file) => file.path !== skillEntryFile),
      { path: skillEntryFile, bytes: Buffer.from(input.content, "utf8") },
    ],
  });
  const storagePath = skillVersionPath({
    area: row.source === "user" ? "user" : "candidate",
    ownerId: input.ownerId,
    name: row.name,
    version: row.version + 1,
  });
  try {
    await writeStoredSkillVersion({ storagePath, files });
  } catch (error) {
    // The next version's files exist: another edit got there first.
    if (error instanceof SkillVersionExistsError) {
      throw new SkillConflictError(row.name, { reason: "edited_concurrently" });
    }
    throw error;
  }
  const moved = await updateSkillRowVersion({
    id: row.id,
    fromVersion: row.version,
    description: parsed.frontMatter.description,
    checksum: skillChecksum({ files }),
    storagePath,
  });
  if (!moved) throw new SkillConflictError(row.name, { reason: "edited_concurrently" });
  const updated = await findSkillRow({
    ownerId: input.ownerId,
    source: row.source,
    name: row.name,
  });
  return storedSkillListItem(updated ?? row);
}
