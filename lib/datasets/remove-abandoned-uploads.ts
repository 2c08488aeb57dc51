import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { resolveStoredFile } from "./dataset-storage";

/** An upload in progress keeps writing; one untouched this long belongs to a dead process. */
const abandonedAfterMs = 10 * 60 * 1000;

/**
 * Deletes uploads in progress left behind by a process that died mid-upload (a crash or kill
 * cannot run the upload's own cleanup). Only `.partial` files untouched for a while go, so an
 * upload another live process is streaming right now is never cut.
 */
export async function removeAbandonedUploads(
  input: { now?: number; olderThanMs?: number } = {},
): Promise<{ removed: number }> {
  const directory = resolveStoredFile(path.posix.join("uploads", ".incoming"));
  const cutoff = (input.now ?? Date.now()) - (input.olderThanMs ?? abandonedAfterMs);
  const names = await readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".partial")) continue;
    const file = path.join(directory, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs > cutoff) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return { removed };
}
