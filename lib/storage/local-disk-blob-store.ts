import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import {
  constants,
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
} from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertBlobKey, assertBlobPrefix } from "./blob-key";
import { BlobNotFoundError } from "./blob-not-found-error";
import type { BlobInfo, BlobRange, BlobStore, WrittenBlob } from "./blob-store";

/**
 * Blobs as files under a root directory (DATA_DIR), a key being the file's relative path — the
 * same paths the workbench always used, so an existing data directory keeps working. Writes go
 * to a temporary sibling and are renamed into place: a reader sees the old file or the new one.
 */
export function createLocalDiskBlobStore(input: { root: string }): BlobStore {
  const root = path.resolve(input.root);

  const resolve = (key: string) => {
    const absolute = path.resolve(root, assertBlobKey(key));
    if (!absolute.startsWith(root + path.sep)) throw new Error("blob key escapes the root");
    return absolute;
  };

  const hashFile = async (absolute: string) => {
    const hash = createHash("sha256");
    await pipeline(createReadStream(absolute), hash);
    return hash.digest("hex");
  };

  return {
    kind: "local",

    async write({ key, content }): Promise<WrittenBlob> {
      const absolute = resolve(key);
      await mkdir(path.dirname(absolute), { recursive: true });
      const temporary = `${absolute}.${randomUUID()}.tmp`;
      const hash = createHash("sha256");
      let bytes = 0;
      try {
        await pipeline(
          content,
          async function* (source: AsyncIterable<Buffer | string>) {
            for await (const piece of source) {
              const buffer = typeof piece === "string" ? Buffer.from(piece) : piece;
              hash.update(buffer);
              bytes += buffer.length;
              yield buffer;
            }
          },
          createWriteStream(temporary, { flags: "wx", mode: 0o600 }),
        );
        await rename(temporary, absolute);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { key, bytes, sha256: hash.digest("hex") };
    },

    async moveFileIn({ key, path: source, sha256: known }): Promise<WrittenBlob> {
      const absolute = resolve(key);
      await mkdir(path.dirname(absolute), { recursive: true });
      const sha256 = known ?? (await hashFile(source));
      await rename(source, absolute);
      return { key, bytes: (await stat(absolute)).size, sha256 };
    },

    async materialise({ key, path: target }) {
      const absolute = resolve(key);
      const found = await stat(absolute).catch(() => undefined);
      if (!found?.isFile()) throw new BlobNotFoundError(key);
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        // A hard link shares the bytes; across file systems it fails and a copy is made.
        await link(absolute, temporary).catch(() => copyFile(absolute, temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read({ key, range }: { key: string; range?: BlobRange }): Promise<Readable> {
      // O_NOFOLLOW: a stored file is read, never a symbolic link put in its place.
      const handle = await open(resolve(key), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
        () => undefined,
      );
      if (!handle) throw new BlobNotFoundError(key);
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new BlobNotFoundError(key);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async stat({ key }): Promise<BlobInfo | undefined> {
      const found = await stat(resolve(key)).catch(() => undefined);
      return found?.isFile() ? { key, bytes: found.size } : undefined;
    },

    async delete({ key }) {
      await rm(resolve(key), { force: true });
    },

    async deletePrefix({ prefix }) {
      assertBlobPrefix(prefix);
      if (prefix.endsWith("/")) {
        await rm(resolve(prefix.slice(0, -1)), { recursive: true, force: true });
        return;
      }
      for (const blob of await this.list({ prefix })) await this.delete({ key: blob.key });
    },

    async list({ prefix }): Promise<BlobInfo[]> {
      assertBlobPrefix(prefix);
      // The deepest folder the prefix names fully; files below it are filtered by the prefix.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = folder ? resolve(folder) : root;
      const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      const found: BlobInfo[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const absolute = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, absolute).split(path.sep).join("/");
        if (!key.startsWith(prefix) || key.endsWith(".tmp")) continue;
        found.push({ key, bytes: (await stat(absolute)).size });
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}
