import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** A skill's catalogue entry: what the model sees before it decides to read one (SK-1). */
export type SkillSummary = {
  name: string;
  description: string;
  whenToUse: string;
  directory: string;
};

const builtinDirectory = path.join(process.cwd(), "skills");

/** Reads the front matter of `SKILL.md` (name, description, when_to_use). */
export function parseSkillFrontMatter(markdown: string): {
  fields: Record<string, string>;
  body: string;
} {
  const match = markdown.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) return { fields: {}, body: markdown };
  const fields: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const separator = line.indexOf(":");
    if (separator > 0) fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { fields, body: match[2] };
}

/** The built-in skills shipped in `skills/`, sorted by name. */
export async function listBuiltinSkills(): Promise<SkillSummary[]> {
  const entries = await readdir(builtinDirectory, { withFileTypes: true }).catch(() => []);
  const skills = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const directory = path.join(builtinDirectory, entry.name);
        const markdown = await readFile(path.join(directory, "SKILL.md"), "utf8").catch(() => null);
        if (markdown === null) return null;
        const { fields } = parseSkillFrontMatter(markdown);
        return {
          name: fields.name ?? entry.name,
          description: fields.description ?? "",
          whenToUse: fields.when_to_use ?? "",
          directory,
        };
      }),
  );
  return skills
    .filter((skill): skill is SkillSummary => skill !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The full body of one built-in skill, or null when there is none of that name. */
export async function readBuiltinSkill(name: string): Promise<string | null> {
  const skill = (await listBuiltinSkills()).find((candidate) => candidate.name === name);
  if (!skill) return null;
  return readFile(path.join(skill.directory, "SKILL.md"), "utf8");
}
