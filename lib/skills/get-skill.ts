import "server-only";
import type { SkillDetail, SkillSourceName } from "@/lib/contracts/skill";
import { parseSkillMarkdown } from "@/lib/skills/parse-skill-markdown";
import { skillEntryFile } from "@/lib/skills/skill-file-path";
import { readSkillFolder, skillChecksum } from "@/lib/skills/skill-storage";
import { findSkillOrThrow } from "./find-skill-or-throw";
import { builtinSkillListItem, storedSkillListItem } from "./skill-list-item";
import { listStoredSkillVersions, readStoredSkillVersion } from "./stored-skill-files";

/** `GET /api/skills/{name}`: a skill's entry, its full SKILL.md and its attached files. */
export async function getSkill(input: {
  ownerId: string;
  name: string;
  source?: SkillSourceName;
}): Promise<SkillDetail> {
  const found = await findSkillOrThrow(input);
  const files =
    found.kind === "builtin"
      ? await readSkillFolder({ directory: found.skill.directory })
      : await readStoredSkillVersion({ storagePath: found.row.storagePath });
  const entry = files.find((file) => file.path === skillEntryFile);
  const content = entry ? Buffer.from(entry.bytes).toString("utf8") : "";
  let frontMatter: ReturnType<typeof parseSkillMarkdown>["frontMatter"] | null = null;
  try {
    frontMatter = parseSkillMarkdown({ markdown: content }).frontMatter;
  } catch {
    // A stored skill that no longer validates is still shown, so a person can fix or delete it.
  }
  const item =
    found.kind === "builtin" ? builtinSkillListItem(found.skill) : storedSkillListItem(found.row);
  return {
    ...item,
    content,
    when_to_use: frontMatter?.when_to_use ?? null,
    license: frontMatter?.license ?? null,
    metadata: frontMatter?.metadata ?? null,
    checksum: found.kind === "builtin" ? skillChecksum({ files }) : found.row.checksum,
    files: files
      .filter((file) => file.path !== skillEntryFile)
      .map((file) => ({
        path: file.path,
        bytes: file.bytes.byteLength,
        content: Buffer.from(file.bytes).toString("utf8"),
      })),
    versions:
      found.kind === "builtin"
        ? [1]
        : await listStoredSkillVersions({ storagePath: found.row.storagePath }),
  };
}
