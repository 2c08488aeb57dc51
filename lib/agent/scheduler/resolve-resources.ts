import type { ToolCatalogueEntry } from "@/lib/contracts/tool-catalogue-entry";

/** The concrete resources one call touches, after templates and `read_only_when` are applied. */
export type ResolvedResources = { reads: string[]; writes: string[] };

/** The id part of a resource that stands for "every resource of this family" (`C:*`). */
export const wildcardId = "*";

// `C:{dataset_id}` → family "C", argument "dataset_id". Only the id part may be templated; the
// family is what makes two resources comparable at all.
const templatePattern = /^([^:{}]+):\{([^{}]+)\}$/;

/**
 * Fills one declared resource from the call's arguments. A missing, empty or non-string argument
 * gives the family wildcard: not knowing which construction a call touches means it may touch
 * any of them, so it must conflict with all of them. A template we cannot parse becomes the
 * global wildcard `*` for the same reason.
 */
function fillTemplate(declared: string, args: Record<string, unknown>): string {
  if (!declared.includes("{")) return declared;
  const match = templatePattern.exec(declared);
  if (!match) return wildcardId;
  const [, family, argumentName] = match;
  const value = args[argumentName];
  return typeof value === "string" && value.length > 0 ? `${family}:${value}` : `${family}:*`;
}

// Structural equality for `read_only_when` values: they are JSON (booleans in practice), and an
// object-valued condition must match by content, not identity.
function sameValue(expected: unknown, actual: unknown): boolean {
  if (Object.is(expected, actual)) return true;
  if (typeof expected !== "object" || typeof actual !== "object") return false;
  if (expected === null || actual === null) return false;
  if (Array.isArray(expected) !== Array.isArray(actual)) return false;
  const expectedKeys = Object.keys(expected);
  if (expectedKeys.length !== Object.keys(actual).length) return false;
  const expectedRecord = expected as Record<string, unknown>;
  const actualRecord = actual as Record<string, unknown>;
  return expectedKeys.every(
    (key) => Object.hasOwn(actualRecord, key) && sameValue(expectedRecord[key], actualRecord[key]),
  );
}

/** True when every `read_only_when` argument was passed with exactly the listed value. */
export function isReadOnlyCall(input: {
  entry: ToolCatalogueEntry;
  args: Record<string, unknown>;
}): boolean {
  const conditions = input.entry.read_only_when;
  // An empty condition object would make every call read-only by vacuous truth; a declaration
  // that lists nothing cannot have meant that.
  if (!conditions || Object.keys(conditions).length === 0) return false;
  return Object.entries(conditions).every(
    ([name, expected]) => Object.hasOwn(input.args, name) && sameValue(expected, input.args[name]),
  );
}

/** Resolves a catalogue entry's reads/writes for one call's arguments (DAG-2, docs/api.md). */
export function resolveResources(input: {
  entry: ToolCatalogueEntry;
  args: Record<string, unknown>;
}): ResolvedResources {
  const { entry, args } = input;
  const reads = unique(entry.resources.reads.map((declared) => fillTemplate(declared, args)));
  const writes = isReadOnlyCall({ entry, args })
    ? []
    : unique(entry.resources.writes.map((declared) => fillTemplate(declared, args)));
  return { reads, writes };
}

function unique(values: string[]): string[] {
  return values.length < 2 ? values : [...new Set(values)];
}
