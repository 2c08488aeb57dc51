import { WorkspaceError } from "@/lib/errors/workspace-error";
import { hasControlCharacters } from "@/lib/text/has-control-characters";
import { isWorkspaceArea, type WorkspaceAreaName } from "./workspace-layout";
import { maxPathComponentBytes, maxPathLength } from "./workspace-limits";

/** A checked place in a workspace: an area and a normalised relative path ("" = the area). */
export type WorkspaceReference = { area: WorkspaceAreaName; path: string };

const areaPrefix = /^(Uploaded|Derived|Environment|Ephemeral)(?:[:/](.*))?$/s;
const derivedVersionSuffix = /^(.+)@v([1-9][0-9]{0,8})$/s;

/**
 * Normalises a model- or user-supplied path inside one area: `/` separators only, `.` and
 * empty components dropped. Refuses what could leave the area or confuse a later check:
 * absolute paths, `..`, NUL and other control characters, backslashes, oversize names.
 */
export function normaliseAreaPath(raw: string): string {
  if (typeof raw !== "string") throw refuse("A path must be a string.", raw);
  if (raw.length > maxPathLength)
    throw refuse(`Paths are at most ${maxPathLength} characters.`, raw);
  if (raw.includes("\0")) throw refuse("Paths must not contain NUL bytes.", raw);
  if (hasControlCharacters(raw)) throw refuse("Paths must not contain control characters.", raw);
  // A backslash is a legal byte in Linux names, but it is almost always a Windows path meant
  // to be split; refusing it keeps "what the model meant" and "what we open" the same.
  if (raw.includes("\\")) throw refuse("Use / as the path separator.", raw);
  if (raw.startsWith("/"))
    throw refuse("Absolute paths are not allowed; name a file inside an area.", raw);
  const components: string[] = [];
  for (const component of raw.split("/")) {
    if (component === "" || component === ".") continue;
    if (component === "..") throw refuse("Paths must not contain '..'.", raw);
    if (Buffer.byteLength(component) > maxPathComponentBytes) {
      throw refuse(`Path components are at most ${maxPathComponentBytes} bytes.`, raw);
    }
    components.push(component);
  }
  return components.join("/");
}

/**
 * Parses `Area/path` or `Area:path` (e.g. `Uploaded/<dataset_id>/orders.csv`). A path that does
 * not start with an area name belongs to `defaultArea` (commands: Ephemeral, their working
 * directory); `./Uploaded/x` names an Ephemeral folder called Uploaded.
 */
export function parseWorkspaceReference(
  raw: string,
  options: { defaultArea?: WorkspaceAreaName } = {},
): WorkspaceReference {
  if (typeof raw !== "string") throw refuse("A path must be a string.", raw);
  const match = areaPrefix.exec(raw);
  if (match && isWorkspaceArea(match[1] ?? "")) {
    return { area: match[1] as WorkspaceAreaName, path: normaliseAreaPath(match[2] ?? "") };
  }
  if (!options.defaultArea) {
    throw refuse(
      "Start the path with an area: Uploaded/, Derived/, Environment/ or Ephemeral/.",
      raw,
    );
  }
  return { area: options.defaultArea, path: normaliseAreaPath(raw) };
}

/** How a reference is shown to the model: `Area/path`. */
export function formatWorkspaceReference(reference: WorkspaceReference): string {
  return reference.path ? `${reference.area}/${reference.path}` : reference.area;
}

/** Splits a Derived path into its name and explicit version (`report.csv@v2`), if any. */
export function splitDerivedVersion(relativePath: string): { name: string; version?: number } {
  const match = derivedVersionSuffix.exec(relativePath);
  if (!match) return { name: relativePath };
  return { name: match[1] ?? "", version: Number(match[2]) };
}

/** The on-disk name of one published version: `<name>@v<version>`. */
export function derivedVersionPath(name: string, version: number): string {
  return `${name}@v${version}`;
}

/**
 * Checks a name to publish under: a normalised relative path without a version suffix (the
 * suffix is ours to add) that does not start with `.` (hidden names are reserved).
 */
export function normaliseDerivedName(raw: string): string {
  const name = normaliseAreaPath(raw);
  if (!name) throw refuse("Give the published file a name.", raw);
  if (splitDerivedVersion(name).version !== undefined) {
    throw refuse("Names must not end in @v<N>; versions are numbered on publish.", raw);
  }
  if (name.split("/").some((component) => component.startsWith("."))) {
    throw refuse("Published names must not start with '.'.", raw);
  }
  return name;
}

function refuse(message: string, raw: unknown) {
  return new WorkspaceError("PATH_NOT_ALLOWED", message, {
    path: typeof raw === "string" ? raw.slice(0, 200).replaceAll("\0", "\\0") : String(raw),
  });
}
