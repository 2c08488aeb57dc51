import { type ResolvedResources, wildcardId } from "./resolve-resources";

// A resource is `FAMILY` (plain: G, DOC, CFG) or `FAMILY:id` (C:a, D:*, M:x). Splitting at the
// first colon keeps ids that themselves contain colons intact.
function familyOf(resource: string): string {
  const colon = resource.indexOf(":");
  return colon < 0 ? resource : resource.slice(0, colon);
}

/**
 * True when two resolved resource names may denote the same thing. Equal names overlap; within
 * a family, `X:*` overlaps every `X:…`, and a bare family name (`G`) stands for the whole
 * family, so it overlaps `G:anything` too; the global wildcard `*` (an unparseable template)
 * overlaps everything. Different families never overlap.
 */
export function resourcesOverlap(input: { first: string; second: string }): boolean {
  const { first, second } = input;
  if (first === second) return true;
  if (first === wildcardId || second === wildcardId) return true;
  const family = familyOf(first);
  if (family !== familyOf(second)) return false;
  const firstId = first.length === family.length ? wildcardId : first.slice(family.length + 1);
  const secondId = second.length === family.length ? wildcardId : second.slice(family.length + 1);
  return firstId === wildcardId || secondId === wildcardId;
}

function anyOverlap(left: string[], right: string[]): boolean {
  for (const first of left) {
    for (const second of right) {
      if (resourcesOverlap({ first, second })) return true;
    }
  }
  return false;
}

/**
 * True when `later` must wait for `earlier` (DAG-1): read-after-write, write-after-write or
 * write-after-read on an overlapping resource. Two reads never conflict.
 */
export function callsConflict(input: {
  earlier: ResolvedResources;
  later: ResolvedResources;
}): boolean {
  const { earlier, later } = input;
  return (
    anyOverlap(earlier.writes, later.reads) ||
    anyOverlap(earlier.writes, later.writes) ||
    anyOverlap(earlier.reads, later.writes)
  );
}
