import { constants, open } from "node:fs/promises";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { prepareWorkspace } from "./prepare-workspace";
import { resolveAreaPath } from "./resolve-area-path";
import type { WorkspaceAreaName } from "./workspace-layout";
import { defaultViewBytes, maxViewBytes } from "./workspace-limits";
import { formatWorkspaceReference, normaliseAreaPath } from "./workspace-reference";

/** A viewed text file: the first `maxBytes` bytes, and whether there was more. */
export type WorkspaceFileView = {
  area: WorkspaceAreaName;
  path: string;
  reference: string;
  version?: number;
  bytes: number;
  content: string;
  returned_bytes: number;
  truncated: boolean;
};

/**
 * Reads the start of a UTF-8 text file in any area (links checked, last component opened with
 * O_NOFOLLOW). Binary content (NUL bytes or invalid UTF-8) is refused with BINARY_FILE;
 * a Derived path without `@vN` shows the newest version.
 */
export async function viewWorkspaceFile(input: {
  ownerId: string;
  sessionId: string;
  area: WorkspaceAreaName;
  path: string;
  maxBytes?: number;
}): Promise<WorkspaceFileView> {
  const limit = Math.min(maxViewBytes, Math.max(1, Math.floor(input.maxBytes ?? defaultViewBytes)));
  const { layout } = await prepareWorkspace(input);
  const reference = { area: input.area, path: normaliseAreaPath(input.path) };
  const resolved = await resolveAreaPath({ layout, reference, purpose: "read" });
  const shown = formatWorkspaceReference(resolved);
  if (resolved.kind === "missing") throw new NotFoundError(`File ${shown}`, { path: shown });
  if (resolved.kind === "directory") {
    throw new InvalidRequestError(`${shown} is a folder; list it with workspace_list_files.`);
  }
  if (resolved.kind !== "file") {
    throw new WorkspaceError("PATH_NOT_ALLOWED", `${shown} is not a regular file.`, {
      path: shown,
    });
  }
  // O_NOFOLLOW: if the last component became a link after the check, the open fails instead
  // of following it.
  const handle = await open(resolved.absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(limit, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    const truncated = size > bytesRead;
    const content = decodeText(head, truncated, shown);
    return {
      area: resolved.area,
      path: resolved.path,
      reference: shown,
      ...(resolved.version !== undefined ? { version: resolved.version } : {}),
      bytes: size,
      content,
      returned_bytes: Buffer.byteLength(content),
      truncated,
    };
  } finally {
    await handle.close();
  }
}

/** UTF-8 text or BINARY_FILE; a character cut by the byte limit is dropped, not an error. */
export function decodeText(bytes: Buffer, truncated: boolean, shown: string): string {
  if (bytes.includes(0)) throw binary(shown);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // When the limit cut the file, the last 1–3 bytes may be the start of a character.
  for (let cut = 0; cut <= (truncated ? 3 : 0) && cut <= bytes.length; cut++) {
    try {
      return decoder.decode(bytes.subarray(0, bytes.length - cut));
    } catch {
      // Try again without one more trailing byte.
    }
  }
  throw binary(shown);
}

function binary(shown: string) {
  return new WorkspaceError(
    "BINARY_FILE",
    `${shown} is not UTF-8 text and cannot be shown; use a command such as wc -c on it instead.`,
    { path: shown },
  );
}
