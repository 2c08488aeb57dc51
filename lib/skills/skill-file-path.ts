import path from "node:path";
import { InvalidSkillError } from "@/lib/errors/skill-errors";

/** The entry file of every skill (SK-1). */
export const skillEntryFile = "SKILL.md";
/** The one folder a skill may carry extra files in (text only). */
export const skillReferencesFolder = "references";

const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * A file path inside a skill, checked and normalised: relative, forward slashes, no `..`, no
 * empty or dot-leading segments, and either `SKILL.md` or a file under `references/`. Anything
 * else (an absolute path, a drive letter, a backslash, traversal) is refused, so no name from a
 * user or an archive ever leaves the skill's folder.
 */
export function skillFilePathOrThrow(input: { path: string }): string {
  const raw = input.path;
  const refuse = (message: string) =>
    new InvalidSkillError({ field: "path", message: `${message}: "${raw.slice(0, 200)}".` });
  if (raw.includes("\\") || raw.includes("\0"))
    throw refuse("A skill file path may use only forward slashes");
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw))
    throw refuse("A skill file path must be relative");
  const segments = raw.split("/");
  if (segments.some((segment) => segment === ".." || segment === ".")) {
    throw refuse("A skill file path must not leave its folder");
  }
  if (!segments.every((segment) => segmentPattern.test(segment))) {
    throw refuse("A skill file path has an empty or unusual segment");
  }
  const normalised = segments.join("/");
  if (normalised === skillEntryFile) return normalised;
  if (segments.length >= 2 && segments[0] === skillReferencesFolder && segments.length <= 4) {
    return normalised;
  }
  throw refuse(
    `Only ${skillEntryFile} and files under ${skillReferencesFolder}/ belong in a skill`,
  );
}

/** `relative` resolved inside `root`, or an error when the result would lie outside it. */
export function resolveInside(input: { root: string; relative: string }): string {
  const root = path.resolve(input.root);
  const resolved = path.resolve(root, input.relative);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) {
    throw new InvalidSkillError({ field: "path", message: "The path leaves the skill's folder." });
  }
  return resolved;
}

/** Whether bytes read as text: valid UTF-8 without NUL bytes (binary files are refused). */
export function isTextContent(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
