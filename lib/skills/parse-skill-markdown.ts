import { InvalidSkillError } from "@/lib/errors/skill-errors";
import { skillNameOrThrow } from "./skill-name";

/** The longest description the model sees in its catalogue. */
export const maxSkillDescriptionLength = 1024;

/** A validated SKILL.md front matter (SK-1). */
export type SkillFrontMatter = {
  name: string;
  description: string;
  when_to_use?: string;
  license?: string;
  metadata?: Record<string, string>;
};

/** A parsed, validated SKILL.md. */
export type ParsedSkill = { frontMatter: SkillFrontMatter; body: string };

const knownFields = new Set(["name", "description", "when_to_use", "license", "metadata"]);

type RawValue = string | Record<string, string>;

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      return JSON.parse(trimmed) as string;
    } catch {
      return trimmed.slice(1, -1);
    }
  }
  if (trimmed.length >= 2 && trimmed.startsWith("'") && trimmed.endsWith("'")) {
    return trimmed.slice(1, -1).replaceAll("''", "'");
  }
  return trimmed;
}

/**
 * The small YAML subset skill front matter uses: `key: value` (plain or quoted), block scalars
 * (`key: |` / `key: >` with indented lines) and one level of `key:` mapping (`metadata`). Not a
 * YAML parser on purpose: anything else is refused instead of being read some surprising way.
 */
function parseFields(text: string): Map<string, RawValue> {
  const fields = new Map<string, RawValue>();
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const match = line.match(/^([A-Za-z_][A-Za-z0-9_-]*)\s*:(.*)$/);
    if (!match) {
      throw new InvalidSkillError({
        field: "front_matter",
        message: `Front matter line ${index + 2} is not "key: value".`,
      });
    }
    const [, key, rest] = match;
    if (fields.has(key)) {
      throw new InvalidSkillError({
        field: key,
        message: `Front matter field "${key}" appears twice.`,
      });
    }
    const value = rest.trim();
    const indented: string[] = [];
    while (index + 1 < lines.length && /^\s+\S/.test(lines[index + 1])) {
      indented.push(lines[++index]);
    }
    if (value === "|" || value === ">") {
      const stripped = indented.map((entry) => entry.trim());
      fields.set(key, value === "|" ? stripped.join("\n") : stripped.join(" "));
    } else if (value === "" && indented.length > 0) {
      const map: Record<string, string> = {};
      for (const entry of indented) {
        const pair = entry.trim().match(/^([A-Za-z0-9_.-]+)\s*:(.*)$/);
        if (!pair) {
          throw new InvalidSkillError({
            field: key,
            message: `"${key}" must be a list of "key: value" lines.`,
          });
        }
        map[pair[1]] = unquote(pair[2]);
      }
      fields.set(key, map);
    } else {
      // A plain value may continue on indented lines (YAML folding).
      fields.set(key, [unquote(value), ...indented.map((entry) => entry.trim())].join(" ").trim());
    }
  }
  return fields;
}

function text(fields: Map<string, RawValue>, key: string): string | undefined {
  const value = fields.get(key);
  if (value === undefined) return undefined;
  if (typeof value !== "string") {
    throw new InvalidSkillError({
      field: key,
      message: `Front matter field "${key}" must be text.`,
    });
  }
  return value;
}

/**
 * Parses and validates a SKILL.md: `name` (normalised, ≤ 64 characters; equal to `folder` when
 * one is given), `description` (1–1,024 characters), optional `when_to_use`, `license`,
 * `metadata`; any other field is refused by name.
 */
export function parseSkillMarkdown(input: { markdown: string; folder?: string }): ParsedSkill {
  const match = input.markdown
    .replace(/^\uFEFF/, "")
    .match(/^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/);
  if (!match) {
    throw new InvalidSkillError({
      field: "front_matter",
      message: "SKILL.md must start with front matter between two --- lines.",
    });
  }
  const fields = parseFields(match[1]);
  for (const key of fields.keys()) {
    if (!knownFields.has(key)) {
      throw new InvalidSkillError({
        field: key,
        message: `Unknown front matter field "${key}"; allowed: ${[...knownFields].join(", ")}.`,
      });
    }
  }
  const rawName = text(fields, "name");
  if (!rawName)
    throw new InvalidSkillError({ field: "name", message: "The front matter needs a name." });
  const name = skillNameOrThrow({ name: rawName });
  if (input.folder !== undefined && input.folder !== name) {
    throw new InvalidSkillError({
      field: "name",
      message: `The name "${name}" does not match its folder "${input.folder}".`,
      skill: name,
    });
  }
  const description = text(fields, "description")?.trim();
  if (!description) {
    throw new InvalidSkillError({
      field: "description",
      message: "The front matter needs a description.",
      skill: name,
    });
  }
  if (description.length > maxSkillDescriptionLength) {
    throw new InvalidSkillError({
      field: "description",
      message: `The description is longer than ${maxSkillDescriptionLength} characters.`,
      skill: name,
    });
  }
  const frontMatter: SkillFrontMatter = { name, description };
  const whenToUse = text(fields, "when_to_use");
  if (whenToUse) frontMatter.when_to_use = whenToUse;
  const license = text(fields, "license");
  if (license) frontMatter.license = license;
  const metadata = fields.get("metadata");
  if (metadata !== undefined) {
    if (typeof metadata === "string") {
      throw new InvalidSkillError({
        field: "metadata",
        message: '"metadata" must be a mapping of "key: value" lines.',
        skill: name,
      });
    }
    frontMatter.metadata = metadata;
  }
  return { frontMatter, body: match[2] };
}

/** A SKILL.md with its front matter rewritten in canonical form (the stored name, normalised). */
export function renderSkillMarkdown(input: ParsedSkill): string {
  const { frontMatter } = input;
  const lines = [
    "---",
    `name: ${frontMatter.name}`,
    `description: ${JSON.stringify(frontMatter.description)}`,
  ];
  if (frontMatter.when_to_use)
    lines.push(`when_to_use: ${JSON.stringify(frontMatter.when_to_use)}`);
  if (frontMatter.license) lines.push(`license: ${JSON.stringify(frontMatter.license)}`);
  if (frontMatter.metadata) {
    lines.push("metadata:");
    for (const [key, value] of Object.entries(frontMatter.metadata)) {
      lines.push(`  ${key}: ${JSON.stringify(value)}`);
    }
  }
  lines.push("---");
  return `${lines.join("\n")}\n${input.body}`;
}
