import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, constants, link, mkdir, open, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { findEphemeralFileRow, insertNextDerivedVersion } from "@/lib/db/queries/workspace-files";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { prepareWorkspace } from "./prepare-workspace";
import { resolveAreaPath } from "./resolve-area-path";
import { relativeToDataDirectory } from "./workspace-layout";
import { maxPublishBytes } from "./workspace-limits";
import {
  derivedVersionPath,
  formatWorkspaceReference,
  normaliseDerivedName,
  parseWorkspaceReference,
  splitDerivedVersion,
} from "./workspace-reference";

/** A published Derived version (snake_case: it becomes the tool result). */
export type PublishedFile = {
  file_id: string;
  area: "Derived";
  path: string;
  version: number;
  reference: string;
  bytes: number;
  checksum: string;
  from: string;
  published_from_id: string | null;
};

/**
 * Publishes an Ephemeral file as the next immutable version of a Derived name (version =
 * previous + 1): the bytes are copied (later changes to the Ephemeral file do not touch it),
 * hard-linked into place so an existing version is never overwritten, and recorded with their
 * sha256 and a link to the Ephemeral file's row when the workspace writer made it.
 */
export async function publishDerived(input: {
  ownerId: string;
  sessionId: string;
  from: string;
  to: string;
}): Promise<PublishedFile> {
  const { layout } = await prepareWorkspace(input);
  const source = parseWorkspaceReference(input.from, { defaultArea: "Ephemeral" });
  if (source.area !== "Ephemeral") {
    throw new WorkspaceError("PATH_NOT_ALLOWED", "Only Ephemeral files can be published.", {
      path: input.from,
    });
  }
  const name = normaliseDerivedName(input.to);
  const resolved = await resolveAreaPath({ layout, reference: source, purpose: "read" });
  const shown = formatWorkspaceReference(source);
  if (resolved.kind === "missing") throw new NotFoundError(`File ${shown}`, { path: shown });
  if (resolved.kind !== "file") throw new InvalidRequestError(`${shown} is not a regular file.`);
  const staged = path.join(layout.scratch, `publish-${randomUUID()}`);
  let placed: string | undefined;
  try {
    const { checksum, bytes } = await copyWithChecksum(resolved.absolute, staged, shown);
    const sourcePath = path
      .relative(resolved.areaRoot, resolved.absolute)
      .split(path.sep)
      .join("/");
    const sourceRow = await findEphemeralFileRow({ sessionId: input.sessionId, path: sourcePath });
    const derivedRoot = layout.areas.Derived;
    await mkdir(path.join(derivedRoot, path.posix.dirname(name)), { recursive: true, mode: 0o700 });
    const row = await insertNextDerivedVersion({
      ownerId: input.ownerId,
      sessionId: input.sessionId,
      path: name,
      checksum,
      bytes,
      publishedFromId: sourceRow?.id ?? null,
      place: async (latestInDatabase) => {
        // A file left by a crash after linking but before the row counts as taken.
        const version = Math.max(latestInDatabase, await latestOnDisk(derivedRoot, name)) + 1;
        const target = path.join(derivedRoot, derivedVersionPath(name, version));
        await link(staged, target).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "EEXIST") throw error;
          throw new WorkspaceError(
            "DERIVED_VERSION_CONFLICT",
            `Derived/${derivedVersionPath(name, version)} already exists and is never overwritten.`,
          );
        });
        placed = target;
        await chmod(target, 0o444);
        const storagePath = relativeToDataDirectory(target);
        // The local disk store keeps the version right where it was just linked; another store
        // gets a copy under the same key, so any instance can serve the download. The linked
        // file stays as this machine's working copy, where commands read Derived.
        const store = getBlobStore();
        if (store.kind !== "local") {
          await store.write({ key: storagePath, content: createReadStream(staged) });
        }
        return { version, storagePath };
      },
    });
    placed = undefined;
    return {
      file_id: row.id,
      area: "Derived",
      path: name,
      version: row.version,
      reference: `Derived/${derivedVersionPath(name, row.version)}`,
      bytes,
      checksum,
      from: `Ephemeral/${sourcePath}`,
      published_from_id: row.publishedFromId,
    };
  } finally {
    // The row was not written: a placed file without a row would only waste a version number.
    if (placed) await rm(placed, { force: true });
    await rm(staged, { force: true });
  }
}

async function copyWithChecksum(source: string, target: string, shown: string) {
  const hash = createHash("sha256");
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxPublishBytes) {
        callback(
          new WorkspaceError(
            "OUTPUT_TOO_LARGE",
            `${shown} is larger than the ${maxPublishBytes}-byte publish limit.`,
            { limit_bytes: maxPublishBytes },
          ),
        );
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // O_NOFOLLOW: the checked file is read, not a link swapped in after the check.
  const handle = await open(source, constants.O_RDONLY | constants.O_NOFOLLOW);
  await pipeline(
    handle.createReadStream(),
    meter,
    createWriteStream(target, { flags: "wx", mode: 0o600 }),
  );
  return { checksum: hash.digest("hex"), bytes };
}

async function latestOnDisk(derivedRoot: string, name: string): Promise<number> {
  const base = path.posix.basename(name);
  const entries = await readdir(path.join(derivedRoot, path.posix.dirname(name))).catch(
    () => [] as string[],
  );
  let latest = 0;
  for (const entry of entries) {
    const split = splitDerivedVersion(entry);
    if (split.name === base && split.version !== undefined)
      latest = Math.max(latest, split.version);
  }
  return latest;
}
