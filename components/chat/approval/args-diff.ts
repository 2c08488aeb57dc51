/** One top-level argument that differs between the proposed and the edited arguments. */
export type ArgsChange =
  | { key: string; kind: "added"; after: unknown }
  | { key: string; kind: "removed"; before: unknown }
  | { key: string; kind: "changed"; before: unknown; after: unknown };

// Key order is not a change: compare values with their object keys sorted.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([left], [right]) =>
            left < right ? -1 : left > right ? 1 : 0,
          ),
        )
      : inner,
  );
}

/**
 * What a Modify would change, key by key (proposed keys first, in their order, then new ones),
 * so the person sees exactly what differs from the recorded call before sending it.
 */
export function diffArgs({
  proposed,
  edited,
}: {
  proposed: Record<string, unknown>;
  edited: Record<string, unknown>;
}): ArgsChange[] {
  const changes: ArgsChange[] = [];
  for (const [key, before] of Object.entries(proposed)) {
    if (!Object.hasOwn(edited, key)) changes.push({ key, kind: "removed", before });
    else if (canonical(before) !== canonical(edited[key])) {
      changes.push({ key, kind: "changed", before, after: edited[key] });
    }
  }
  for (const [key, after] of Object.entries(edited)) {
    if (!Object.hasOwn(proposed, key)) changes.push({ key, kind: "added", after });
  }
  return changes;
}
