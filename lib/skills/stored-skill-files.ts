import "server-only";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { skillEntryFile, skillFilePathOrThrow } from "./skill-file-path";
import type { SkillFile } from "./skill-storage";

/**
 * The files of stored skills (users' active skills and the review queue) in the blob store, so
 * a skill approved on one instance is offered to a run on any other. A version's files live
 * under its `storagePath` (`skills/<area>/<owner>/<name>/v<N>/…`, the folder the local disk
 * store keeps them in). Built-ins are not stored: each instance installs them from the app.
 */

/** A version folder that already holds files: another write got there first. */
export class SkillVersionExistsError extends Error {
  readonly code = "SKILL_VERSION_EXISTS";
  constructor(readonly storagePath: string) {
    super(`skill version ${storagePath} already exists`);
  }
}

const folderPrefix = (storagePath: string) => `${storagePath.replace(/\/+$/, "")}/`;

/**
 * Writes a new skill version. Refuses a version that already has files (never overwritten).
 * SKILL.md goes last, so a reader that finds the entry finds the attached files too; a failure
 * removes what was written.
 */
export async function writeStoredSkillVersion(input: { storagePath: string; files: SkillFile[] }) {
  const store = getBlobStore();
  const prefix = folderPrefix(input.storagePath);
  if ((await store.list({ prefix })).length > 0) {
    throw new SkillVersionExistsError(input.storagePath);
  }
  const ordered = [...input.files].sort(
    (a, b) => Number(a.path === skillEntryFile) - Number(b.path === skillEntryFile),
  );
  try {
    for (const file of ordered) {
      await store.write({
        key: `${prefix}${skillFilePathOrThrow({ path: file.path })}`,
        content: Readable.from([Buffer.from(file.bytes)]),
      });
    }
  } catch (error) {
    await store.deletePrefix({ prefix }).catch(() => {});
    throw error;
  }
}

/** Every file of a stored skill version, in path order (odd names skipped, as on disk). */
export async function readStoredSkillVersion(input: { storagePath: string }): Promise<SkillFile[]> {
  const store = getBlobStore();
  const prefix = folderPrefix(input.storagePath);
  const files: SkillFile[] = [];
  for (const blob of await store.list({ prefix })) {
    const relative = blob.key.slice(prefix.length);
    try {
      skillFilePathOrThrow({ path: relative });
    } catch {
      continue;
    }
    files.push({ path: relative, bytes: await buffer(await store.read({ key: blob.key })) });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** One file of a stored skill version as text, or undefined when it is not there. */
export async function readStoredSkillText(input: {
  storagePath: string;
  relative: string;
}): Promise<string | undefined> {
  const store = getBlobStore();
  const key = `${folderPrefix(input.storagePath)}${input.relative}`;
  if (!(await store.stat({ key }))) return undefined;
  return (await buffer(await store.read({ key }))).toString("utf8");
}

/** Paths (relative to the version folder) of a stored skill version's files, sorted. */
export async function listStoredSkillFiles(input: { storagePath: string }): Promise<string[]> {
  const prefix = folderPrefix(input.storagePath);
  const blobs = await getBlobStore().list({ prefix });
  return blobs.map((blob) => blob.key.slice(prefix.length)).sort();
}

/** The version numbers stored for a skill (the `v<N>` folders beside `storagePath`). */
export async function listStoredSkillVersions(input: { storagePath: string }): Promise<number[]> {
  const prefix = folderPrefix(path.posix.dirname(input.storagePath));
  const versions = new Set<number>();
  for (const blob of await getBlobStore().list({ prefix })) {
    const match = /^v(\d+)\//.exec(blob.key.slice(prefix.length));
    if (match) versions.add(Number(match[1]));
  }
  return [...versions].sort((a, b) => a - b);
}

/** Removes a stored skill with all its versions (the name folder above `storagePath`). */
export async function removeStoredSkill(input: { storagePath: string }) {
  const nameFolder = path.posix.dirname(input.storagePath);
  if (nameFolder.split("/").length < 4) throw new Error("refusing to remove above a skill");
  await getBlobStore().deletePrefix({ prefix: folderPrefix(nameFolder) });
}
