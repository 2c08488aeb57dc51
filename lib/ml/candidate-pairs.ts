import "server-only";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { InvalidRequestError } from "@/lib/errors/http-errors";

/** More candidate pairs than this and the caller must name nodes (or pairs) to score. */
const maxCandidatePairs = 500_000;

/**
 * The node pairs "predict missing links" scores: every not-yet-linked pair with at least one
 * end in `nodeIds` (default every node), each unordered pair once, self-pairs excluded.
 */
export function missingLinkCandidates(input: {
  graph: GraphData;
  nodeIds?: string[];
}): [string, string][] {
  const { graph } = input;
  const n = graph.nodeIds.length;
  const index = new Map(graph.nodeIds.map((id, u) => [id, u]));
  const focus = input.nodeIds
    ? [...new Set(input.nodeIds.map((id) => index.get(id) as number))]
    : graph.nodeIds.map((_, u) => u);
  if (focus.length * n > maxCandidatePairs * 2) {
    throw new InvalidRequestError(
      `Scoring every missing link of ${focus.length} nodes is too many pairs; name node_ids (or pairs) to score.`,
    );
  }
  const linked = new Set<number>();
  for (let e = 0; e < graph.edgeSources.length; e++) {
    const a = graph.edgeSources[e];
    const b = graph.edgeTargets[e];
    linked.add(Math.min(a, b) * n + Math.max(a, b));
  }
  const isFocus = new Uint8Array(n);
  for (const u of focus) isFocus[u] = 1;
  const pairs: [string, string][] = [];
  for (const u of focus) {
    for (let v = 0; v < n; v++) {
      if (v === u || (isFocus[v] && v < u)) continue;
      if (linked.has(Math.min(u, v) * n + Math.max(u, v))) continue;
      pairs.push([graph.nodeIds[u], graph.nodeIds[v]]);
    }
  }
  return pairs;
}
