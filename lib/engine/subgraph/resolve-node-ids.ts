import type { NodeIdIndex } from "../csr/node-id-index";
import { EngineError } from "../engine-error";

/** How many unknown ids an error or a result names; the rest are only counted. */
export const missingListLimit = 100;

/** Indices of the known ids (first occurrence, in request order) and the unknown ids (once each). */
export function resolveNodeIds({
  ids,
  requested,
  isPresent,
}: {
  ids: NodeIdIndex;
  requested: readonly string[];
  /** Extra test for nodes the index knows but that no longer count (removed by an edit). */
  isPresent?: (node: number) => boolean;
}): { found: number[]; missing: string[] } {
  const found: number[] = [];
  const missing: string[] = [];
  const seen = new Set<number>();
  const seenMissing = new Set<string>();
  for (const id of requested) {
    const node = ids.indexOf(id);
    if (node === undefined || (isPresent && !isPresent(node))) {
      if (!seenMissing.has(id)) {
        seenMissing.add(id);
        missing.push(id);
      }
    } else if (!seen.has(node)) {
      seen.add(node);
      found.push(node);
    }
  }
  return { found, missing };
}

/** NODE_NOT_FOUND naming (the first few of) the unknown ids; details list up to 100. */
export function nodeNotFoundError({
  missing,
  context,
}: {
  missing: readonly string[];
  /** Prefix saying where the ids came from, e.g. "Operation 2 (merge_nodes)". */
  context?: string;
}): EngineError {
  const named = missing
    .slice(0, 10)
    .map((id) => `"${id}"`)
    .join(", ");
  const more = missing.length > 10 ? ` and ${missing.length - 10} more` : "";
  const noun = missing.length === 1 ? "node is" : "nodes are";
  const prefix = context ? `${context}: ` : "";
  return new EngineError("NODE_NOT_FOUND", `${prefix}${noun} not in the graph: ${named}${more}.`, {
    missing: missing.slice(0, missingListLimit),
    missingCount: missing.length,
  });
}
