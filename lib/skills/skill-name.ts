import { InvalidSkillError } from "@/lib/errors/skill-errors";

/** The longest skill name after normalisation. */
export const maxSkillNameLength = 64;

/**
 * A skill name in its one stored form (SK-2): lowercase letters, digits and hyphens, runs of
 * anything else folded into one hyphen, no leading or trailing hyphen. "Top PageRank_Nodes"
 * becomes "top-pagerank-nodes".
 */
export function normaliseSkillName(input: { name: string }): string {
  return (
    input.name
      .normalize("NFKD")
      // Accents come apart under NFKD; dropping the marks keeps "Ü" a "u", not "u-".
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
  );
}

/** The normalised name, or an InvalidSkillError naming `field` when nothing usable is left. */
export function skillNameOrThrow(input: { name: string; field?: string }): string {
  const field = input.field ?? "name";
  const name = normaliseSkillName(input);
  if (name === "") {
    throw new InvalidSkillError({
      field,
      message: `The skill ${field} needs at least one letter or digit.`,
    });
  }
  if (name.length > maxSkillNameLength) {
    throw new InvalidSkillError({
      field,
      message: `The skill ${field} is longer than ${maxSkillNameLength} characters after normalisation.`,
    });
  }
  return name;
}

/** Whether a string is already a stored skill name (safe as one path segment). */
export function isNormalisedSkillName(name: string): boolean {
  return (
    name.length > 0 && name.length <= maxSkillNameLength && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)
  );
}
