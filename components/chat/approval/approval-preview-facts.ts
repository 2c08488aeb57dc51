/** A count the preview reported, with a readable label. */
export type PreviewCount = { key: string; label: string; value: number };

/** A size before and after the change (nodes, edges). */
export type PreviewSize = { key: string; label: string; before: number; after: number };

/** What the approval card says about a preview; fields the preview lacks stay empty. */
export type PreviewFacts = {
  counts: PreviewCount[];
  sizes: PreviewSize[];
  touchedNodeIds: string[];
  touchedNodeCount: number | null;
  warnings: string[];
  datasetId: string | null;
  baseRevision: number | null;
};

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A preview the runtime could not make: its error code and message, else null. */
export function previewFailure(preview: unknown): { code: string; message: string } | null {
  const outer = record(preview);
  if (!outer || record(outer.data) || typeof outer.error_code !== "string") return null;
  return {
    code: outer.error_code,
    message: typeof outer.message === "string" ? outer.message : "",
  };
}

/** "nodesRemoved" / "nodes_removed" → "Nodes removed". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Shown in the sample line rather than as a count of its own.
const sampleCountKeys = new Set(["touchedNodeCount", "touched_node_count"]);

/**
 * Reads an optimisation preview (the `data` of `preview_graph_optimization`) without trusting
 * its shape: every top-level number of its `effect` (or of the preview itself) becomes a count,
 * `before`/`after` pairs become sizes, a list of touched ids a sample. Null when nothing in it
 * can be read as an effect, so the card falls back to the raw JSON.
 */
export function previewFacts(preview: unknown): PreviewFacts | null {
  const outer = record(preview);
  if (!outer) return null;
  // The runtime wraps the preview call's `data` with the tool's name.
  const root = record(outer.data) ?? outer;
  const effect = record(root.effect) ?? root;
  const counts: PreviewCount[] = [];
  for (const [key, value] of Object.entries(effect)) {
    const number = finiteNumber(value);
    if (number === null || sampleCountKeys.has(key)) continue;
    if (key === "base_revision" || key === "baseRevision" || key === "revision") continue;
    counts.push({ key, label: humanizeKey(key), value: number });
  }
  const before = record(effect.before);
  const after = record(effect.after);
  const sizes: PreviewSize[] = [];
  if (before && after) {
    for (const [key, value] of Object.entries(before)) {
      const was = finiteNumber(value);
      const will = finiteNumber(after[key]);
      if (was !== null && will !== null) {
        sizes.push({ key, label: humanizeKey(key), before: was, after: will });
      }
    }
  }
  const sample = effect.touchedNodeIds ?? effect.touched_node_ids;
  const touchedNodeIds = Array.isArray(sample) ? sample.map((id) => String(id)) : [];
  const touchedNodeCount = finiteNumber(effect.touchedNodeCount ?? effect.touched_node_count);
  const warningList = root.warnings ?? effect.warnings;
  // A repeated warning says nothing new.
  const warnings = Array.isArray(warningList)
    ? [...new Set(warningList.map((text) => String(text)))]
    : [];
  if (counts.length === 0 && sizes.length === 0 && touchedNodeIds.length === 0) return null;
  return {
    counts,
    sizes,
    touchedNodeIds,
    touchedNodeCount,
    warnings,
    datasetId: typeof root.dataset_id === "string" ? root.dataset_id : null,
    baseRevision: finiteNumber(root.base_revision),
  };
}
