import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { resolveInside, skillFilePathOrThrow } from "./skill-file-path";
import { isNormalisedSkillName } from "./skill-name";

/** One file of a skill: its checked relative path and its bytes. */
export type SkillFile = { path: string; bytes: Uint8Array };

/** Where a skill's files live (SK-2): built-ins, a user's active skills, or the review queue. */
export type SkillArea = "builtin" | "user" | "candidate";

const areaFolder: Record<SkillArea, string> = {
  builtin: "builtin",
  user: "users",
  candidate: "review-queue",
};

/** DATA_DIR/skills, the runtime skill directory. */
export function skillsRoot(): string {
  return path.join(getEnv().dataDirectory, "skills");
}

function safeSegment(value: string, what: string): string {
  if (!/^[A-Za-z0-9-]{1,100}$/.test(value)) throw new Error(`unsafe ${what}: ${value}`);
  return value;
}

/**
 * The folder (relative to DATA_DIR; the key prefix in the blob store, see stored-skill-files.ts)
 * of one version of a stored skill. Built from the owner id
 * and a normalised name only, so no user text steers the path.
 */
export function skillVersionPath(input: {
  area: Exclude<SkillArea, "builtin">;
  ownerId: string;
  name: string;
  version: number;
}): string {
  if (!isNormalisedSkillName(input.name)) throw new Error(`unsafe skill name: ${input.name}`);
  if (!Number.isInteger(input.version) || input.version < 1) throw new Error("bad skill version");
  return path.posix.join(
    "skills",
    areaFolder[input.area],
    safeSegment(input.ownerId, "owner id"),
    input.name,
    `v${input.version}`,
  );
}

/** The folder of a built-in skill in the runtime directory (absolute). */
export function builtinSkillDirectory(input: { name: string }): string {
  if (!isNormalisedSkillName(input.name)) throw new Error(`unsafe skill name: ${input.name}`);
  return path.join(skillsRoot(), areaFolder.builtin, input.name);
}

/** sha256 over the files in path order (path, NUL, bytes, NUL): equal files, equal checksum. */
export function skillChecksum(input: { files: SkillFile[] }): string {
  const hash = createHash("sha256");
  for (const file of [...input.files].sort((a, b) => a.path.localeCompare(b.path))) {
    hash.update(file.path).update("\0").update(file.bytes).update("\0");
  }
  return hash.digest("hex");
}

/**
 * Writes a built-in skill's files into a new folder: first into DATA_DIR/skills/.incoming, then one
 * rename into place, so a half-written skill is never visible and an existing folder is never
 * overwritten (the rename fails when the target exists and is not empty).
 */
export async function writeSkillFolder(input: { directory: string; files: SkillFile[] }) {
  const incoming = path.join(skillsRoot(), ".incoming", randomUUID());
  await mkdir(incoming, { recursive: true });
  try {
    for (const file of input.files) {
      const target = resolveInside({
        root: incoming,
        relative: skillFilePathOrThrow({ path: file.path }),
      });
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.bytes, { flag: "wx", mode: 0o600 });
    }
    await mkdir(path.dirname(input.directory), { recursive: true });
    await rename(incoming, input.directory);
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
}

/** Every file of a skill folder, with paths relative to it (symlinks and odd names skipped). */
export async function readSkillFolder(input: { directory: string }): Promise<SkillFile[]> {
  const files: SkillFile[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(input.directory, relative), { withFileTypes: true });
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        try {
          skillFilePathOrThrow({ path: child });
        } catch {
          continue;
        }
        files.push({ path: child, bytes: await readFile(path.join(input.directory, child)) });
      }
    }
  };
  await walk("");
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
