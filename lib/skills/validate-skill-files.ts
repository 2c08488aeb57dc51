import "server-only";
import { UnsupportedFileError } from "@/lib/errors/http-errors";
import { InvalidSkillError } from "@/lib/errors/skill-errors";
import {
  type ParsedSkill,
  parseSkillMarkdown,
  renderSkillMarkdown,
} from "@/lib/skills/parse-skill-markdown";
import { isTextContent, skillEntryFile, skillFilePathOrThrow } from "@/lib/skills/skill-file-path";
import type { SkillFile } from "@/lib/skills/skill-storage";

/** A skill's files, checked, with its parsed SKILL.md. */
export type CheckedSkill = { parsed: ParsedSkill; files: SkillFile[] };

/**
 * Checks a skill's files before anything is stored: paths inside the skill, a valid SKILL.md
 * (its name equal to `name` when given), text only. `renameTo` rewrites the front matter's name
 * (an approval under another name) so the stored SKILL.md always matches its folder.
 */
export function validateSkillFiles(input: {
  files: SkillFile[];
  name?: string;
  renameTo?: string;
}): CheckedSkill {
  const files = input.files.map((file) => ({
    ...file,
    path: skillFilePathOrThrow({ path: file.path }),
  }));
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) {
      throw new InvalidSkillError({
        field: "path",
        message: `The file "${file.path}" appears twice.`,
      });
    }
    seen.add(file.path);
    if (!isTextContent(file.bytes)) {
      throw new UnsupportedFileError(`"${file.path}" is not a text file; skills hold text only.`, {
        reason: "binary_file",
        path: file.path,
      });
    }
  }
  const entry = files.find((file) => file.path === skillEntryFile);
  if (!entry) {
    throw new UnsupportedFileError(`A skill needs a ${skillEntryFile}.`, {
      reason: "missing_skill_md",
    });
  }
  const markdown = Buffer.from(entry.bytes).toString("utf8");
  let parsed = parseSkillMarkdown({ markdown, folder: input.name });
  if (input.renameTo && input.renameTo !== parsed.frontMatter.name) {
    parsed = { ...parsed, frontMatter: { ...parsed.frontMatter, name: input.renameTo } };
    entry.bytes = Buffer.from(renderSkillMarkdown(parsed));
  }
  return { parsed, files };
}
