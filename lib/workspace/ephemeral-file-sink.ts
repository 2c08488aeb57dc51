import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, realpath, rename, rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { upsertEphemeralFileRow } from "@/lib/db/queries/workspace-files";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { isInsideDirectory, resolveAreaPath } from "./resolve-area-path";
import { relativeToDataDirectory, type WorkspaceLayout } from "./workspace-layout";
import { formatWorkspaceReference, parseWorkspaceReference } from "./workspace-reference";

/** A file written into Ephemeral, as recorded in `workspace_files`. */
export type EphemeralFileResult = {
  file_id: string;
  path: string;
  reference: string;
  bytes: number;
  checksum: string;
};

/** A pending write into Ephemeral: stream bytes in, then commit (rename into place) or discard. */
export type EphemeralFileSink = {
  reference: string;
  consume: (source: Readable) => Promise<void>;
  commit: (owner: { ownerId: string; sessionId: string }) => Promise<EphemeralFileResult>;
  discard: () => Promise<void>;
};

/**
 * The only writer of workspace files on behalf of the model: the target must resolve inside
 * Ephemeral (no link out, no link as last component), bytes go to a scratch file opened with
 * O_EXCL and are renamed over the target only when complete and within `maxBytes` (a bigger
 * output is discarded with OUTPUT_TOO_LARGE, never truncated silently).
 */
export async function createEphemeralFileSink(input: {
  layout: WorkspaceLayout;
  path: string;
  maxBytes: number;
}): Promise<EphemeralFileSink> {
  const reference = parseWorkspaceReference(input.path, { defaultArea: "Ephemeral" });
  if (reference.area !== "Ephemeral") {
    throw new WorkspaceError(
      "PATH_NOT_ALLOWED",
      `${reference.area} is read-only; only Ephemeral can be written.`,
      { path: input.path },
    );
  }
  if (!reference.path) throw new InvalidRequestError("Name a file inside Ephemeral to write.");
  const resolved = await resolveAreaPath({ layout: input.layout, reference, purpose: "write" });
  if (resolved.kind === "directory" || resolved.kind === "other") {
    throw new InvalidRequestError(`${formatWorkspaceReference(reference)} is not a regular file.`);
  }
  await mkdir(path.dirname(resolved.absolute), { recursive: true, mode: 0o700 });
  // Re-check after creating the folders: what exists now must still be inside the area.
  const parent = await realpath(path.dirname(resolved.absolute));
  if (!isInsideDirectory(resolved.areaRoot, parent)) {
    throw new WorkspaceError("PATH_NOT_ALLOWED", "The target folder is outside Ephemeral.", {
      path: input.path,
    });
  }
  const target = path.join(parent, path.basename(resolved.absolute));
  const relative = path.relative(resolved.areaRoot, target).split(path.sep).join("/");
  await mkdir(input.layout.scratch, { recursive: true, mode: 0o700 });
  const temporary = path.join(input.layout.scratch, `write-${randomUUID()}.partial`);
  const hash = createHash("sha256");
  let bytes = 0;
  let consumed = false;

  return {
    reference: `Ephemeral/${relative}`,
    consume: async (source) => {
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > input.maxBytes) {
            callback(tooLarge(input.maxBytes, `Ephemeral/${relative}`));
            return;
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      await pipeline(source, meter, createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
      consumed = true;
    },
    commit: async (owner) => {
      if (!consumed) throw new Error("commit before the content was written");
      await rename(temporary, target);
      const checksum = hash.digest("hex");
      const row = await upsertEphemeralFileRow({
        ...owner,
        path: relative,
        checksum,
        bytes,
        storagePath: relativeToDataDirectory(target),
      });
      return {
        file_id: row.id,
        path: relative,
        reference: `Ephemeral/${relative}`,
        bytes,
        checksum,
      };
    },
    discard: async () => {
      await rm(temporary, { force: true });
    },
  };
}

function tooLarge(maxBytes: number, reference: string) {
  return new WorkspaceError(
    "OUTPUT_TOO_LARGE",
    `The output for ${reference} passed the ${maxBytes}-byte file limit and was discarded.`,
    { limit_bytes: maxBytes, path: reference },
  );
}
