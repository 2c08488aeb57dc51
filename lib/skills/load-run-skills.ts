import "server-only";
import { listActiveSkillRows } from "@/lib/db/queries/skills";
import { listBuiltinSkills } from "./list-builtin-skills";
import { parseSkillMarkdown } from "./parse-skill-markdown";
import { skillEntryFile } from "./skill-file-path";
import { readStoredSkillText } from "./stored-skill-files";

/** A skill one run is offered: its catalogue entry and where its files are (SK-1). */
export type RunSkill = {
  name: string;
  source: "builtin" | "user";
  version: number;
  description: string;
  whenToUse?: string;
  /**
   * Where its files are: a built-in's folder in this instance's DATA_DIR, or a stored skill's
   * version in the blob store (any instance may have stored it).
   */
  location: { directory: string } | { storagePath: string };
};

/**
 * The skills of one request (AF-1, SK-2): the built-ins plus the owner's *active* skills.
 * Candidates are never read here, whatever is on disk. A stored skill whose files are missing
 * or invalid is logged and left out; it never stops the others from loading.
 */
export async function loadRunSkills(input: { ownerId: string }): Promise<RunSkill[]> {
  const [builtins, rows] = await Promise.all([
    listBuiltinSkills(),
    listActiveSkillRows({ ownerId: input.ownerId }),
  ]);
  const skills: RunSkill[] = builtins.map((skill) => ({
    name: skill.frontMatter.name,
    source: "builtin",
    version: 1,
    description: skill.frontMatter.description,
    whenToUse: skill.frontMatter.when_to_use,
    location: { directory: skill.directory },
  }));
  const taken = new Set(skills.map((skill) => skill.name));
  const stored = await Promise.all(
    rows.map(async (row): Promise<RunSkill | null> => {
      if (taken.has(row.name)) return null;
      try {
        const markdown = await readStoredSkillText({
          storagePath: row.storagePath,
          relative: skillEntryFile,
        });
        if (markdown === undefined) throw new Error(`${skillEntryFile} is missing`);
        const { frontMatter } = parseSkillMarkdown({ markdown, folder: row.name });
        return {
          name: row.name,
          source: "user",
          version: row.version,
          description: frontMatter.description,
          whenToUse: frontMatter.when_to_use,
          location: { storagePath: row.storagePath },
        };
      } catch (error) {
        console.warn(`skills: skill "${row.name}" not loaded: ${(error as Error).message}`);
        return null;
      }
    }),
  );
  return [...skills, ...stored.filter((skill): skill is RunSkill => skill !== null)];
}
