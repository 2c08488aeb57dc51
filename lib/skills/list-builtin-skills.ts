import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { installBuiltinSkills } from "./install-builtin-skills";
import { parseSkillMarkdown, type SkillFrontMatter } from "./parse-skill-markdown";
import { skillEntryFile } from "./skill-file-path";
import { skillsRoot } from "./skill-storage";

/** A built-in skill as installed in the runtime directory. */
export type BuiltinSkill = { frontMatter: SkillFrontMatter; directory: string };

/**
 * The built-in skills from DATA_DIR/skills/builtin (installed from `skills/` first), sorted by
 * name. A skill that does not validate is logged and left out; the others still load.
 */
export async function listBuiltinSkills(): Promise<BuiltinSkill[]> {
  await installBuiltinSkills();
  const root = path.join(skillsRoot(), "builtin");
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const skills = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && !entry.name.includes(".old-"))
      .map(async (entry) => {
        const directory = path.join(root, entry.name);
        try {
          const markdown = await readFile(path.join(directory, skillEntryFile), "utf8");
          return {
            frontMatter: parseSkillMarkdown({ markdown, folder: entry.name }).frontMatter,
            directory,
          };
        } catch (error) {
          console.warn(
            `skills: built-in skill "${entry.name}" not loaded: ${(error as Error).message}`,
          );
          return null;
        }
      }),
  );
  return skills
    .filter((skill): skill is BuiltinSkill => skill !== null)
    .sort((a, b) => a.frontMatter.name.localeCompare(b.frontMatter.name));
}
