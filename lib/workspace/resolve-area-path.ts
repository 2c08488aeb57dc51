import { lstat, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import type { WorkspaceLayout } from "./workspace-layout";
import {
  derivedVersionPath,
  formatWorkspaceReference,
  splitDerivedVersion,
  type WorkspaceReference,
} from "./workspace-reference";

/** A reference checked against the disk: where it really is, and what is there. */
export type ResolvedAreaPath = WorkspaceReference & {
  /** Real absolute path (every symbolic link on the way resolved and checked). */
  absolute: string;
  /** Real absolute path of the area folder. */
  areaRoot: string;
  kind: "file" | "directory" | "other" | "missing";
  /** Derived only: the version the path resolved to (explicit `@vN` or the newest). */
  version?: number;
};

/**
 * Resolves a normalised reference inside its area, following symbolic links one component at
 * a time (lstat, then realpath of each link) and refusing any link that leads out of the area
 * or nowhere. Writing is only allowed in Ephemeral and never through a link as last component.
 * A Derived path without `@vN` resolves to its newest version.
 */
export async function resolveAreaPath(input: {
  layout: WorkspaceLayout;
  reference: WorkspaceReference;
  purpose: "read" | "write";
}): Promise<ResolvedAreaPath> {
  const { reference } = input;
  if (input.purpose === "write" && reference.area !== "Ephemeral") {
    throw new WorkspaceError(
      "PATH_NOT_ALLOWED",
      `${reference.area} is read-only; only Ephemeral can be written.`,
      { path: formatWorkspaceReference(reference) },
    );
  }
  const areaRoot = await realpath(input.layout.areas[reference.area]);
  const components = reference.path ? reference.path.split("/") : [];
  const walked = await walkInside(areaRoot, components, reference);
  if (input.purpose === "write" && walked.lastIsLink) {
    throw new WorkspaceError(
      "PATH_NOT_ALLOWED",
      "Writing through a symbolic link is not allowed.",
      {
        path: formatWorkspaceReference(reference),
      },
    );
  }
  if (walked.kind === "missing" && reference.area === "Derived" && components.length > 0) {
    const newest = await newestDerivedVersion(areaRoot, reference);
    if (newest) return newest;
  }
  const version =
    reference.area === "Derived" ? splitDerivedVersion(reference.path).version : undefined;
  return { ...reference, absolute: walked.absolute, areaRoot, kind: walked.kind, version };
}

/** True when `candidate` is `root` or below it. */
export function isInsideDirectory(root: string, candidate: string): boolean {
  return (
    candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep)
  );
}

async function walkInside(areaRoot: string, components: string[], reference: WorkspaceReference) {
  let current = areaRoot;
  let lastIsLink = false;
  for (const [index, component] of components.entries()) {
    const candidate = path.join(current, component);
    const stats = await lstat(candidate).catch((error: NodeJS.ErrnoException) => {
      // A missing component (or a file used as a folder) ends the walk: nothing below it
      // exists, so nothing below it can be a link.
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
      throw error;
    });
    if (!stats) {
      return {
        absolute: path.join(candidate, ...components.slice(index + 1)),
        kind: "missing" as const,
        lastIsLink,
      };
    }
    if (stats.isSymbolicLink()) {
      current = await followLinkInside(areaRoot, candidate, reference);
      lastIsLink = index === components.length - 1;
    } else {
      current = candidate;
    }
  }
  return { absolute: current, kind: await kindOf(current), lastIsLink };
}

async function followLinkInside(areaRoot: string, link: string, reference: WorkspaceReference) {
  const refusal = new WorkspaceError(
    "PATH_NOT_ALLOWED",
    "The path goes through a symbolic link that leads outside its area.",
    { path: formatWorkspaceReference(reference) },
  );
  // A dangling or looping link cannot be proven to stay inside: refuse it like an escape.
  const target = await realpath(link).catch(() => {
    throw refusal;
  });
  if (!isInsideDirectory(areaRoot, target)) throw refusal;
  return target;
}

async function kindOf(absolute: string): Promise<ResolvedAreaPath["kind"]> {
  const stats = await stat(absolute).catch(() => undefined);
  if (!stats) return "missing";
  if (stats.isFile()) return "file";
  return stats.isDirectory() ? "directory" : "other";
}

async function newestDerivedVersion(
  areaRoot: string,
  reference: WorkspaceReference,
): Promise<ResolvedAreaPath | undefined> {
  const { name, version } = splitDerivedVersion(reference.path);
  if (version !== undefined) return undefined;
  const parent = path.posix.dirname(name) === "." ? "" : path.posix.dirname(name);
  const base = path.posix.basename(name);
  const parentWalk = await walkInside(areaRoot, parent ? parent.split("/") : [], reference);
  if (parentWalk.kind !== "directory") return undefined;
  const entries = await readdir(parentWalk.absolute).catch(() => [] as string[]);
  let newest = 0;
  for (const entry of entries) {
    const split = splitDerivedVersion(entry);
    if (split.name === base && split.version !== undefined)
      newest = Math.max(newest, split.version);
  }
  if (newest === 0) return undefined;
  const versioned = { area: reference.area, path: derivedVersionPath(name, newest) };
  const walked = await walkInside(areaRoot, versioned.path.split("/"), versioned);
  return { ...versioned, absolute: walked.absolute, areaRoot, kind: walked.kind, version: newest };
}
