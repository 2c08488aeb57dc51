import type { GraphLayoutNode } from "@/lib/contracts/graph-layout-document";

/** How well a node matches what was typed: lower is better; null when it does not match. */
function matchRank(node: GraphLayoutNode, query: string): number | null {
  const id = node.id.toLowerCase();
  const label = node.label.toLowerCase();
  if (id === query) return 0;
  if (label === query) return 1;
  if (id.startsWith(query)) return 2;
  if (label.startsWith(query)) return 3;
  // A word of the label starting with the query ("hi" finds "Mr. Hi").
  if (label.split(/[\s._:/-]+/).some((word) => word.startsWith(query))) return 4;
  if (id.includes(query) || label.includes(query)) return 5;
  return null;
}

/**
 * The nodes to suggest for a search by id or label: exact matches first, then prefixes, word
 * starts and substrings (case-insensitive); within a kind the most central node first, then by
 * id, so "33" puts node 33 before 133 and 330. An empty query suggests the most central nodes.
 */
export function rankNodeMatches({
  nodes,
  query,
  limit = 20,
}: {
  nodes: readonly GraphLayoutNode[];
  query: string;
  limit?: number;
}): GraphLayoutNode[] {
  const wanted = query.trim().toLowerCase();
  const ranked: { node: GraphLayoutNode; rank: number }[] = [];
  for (const node of nodes) {
    const rank = wanted === "" ? 0 : matchRank(node, wanted);
    if (rank !== null) ranked.push({ node, rank });
  }
  ranked.sort(
    (left, right) =>
      left.rank - right.rank ||
      (wanted === "" ? 0 : left.node.id.length - right.node.id.length) ||
      right.node.score - left.node.score ||
      left.node.id.localeCompare(right.node.id),
  );
  return ranked.slice(0, limit).map((entry) => entry.node);
}
