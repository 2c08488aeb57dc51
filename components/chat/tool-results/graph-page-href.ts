import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

/**
 * The Graph page showing the same dataset, revision and encodings, with the chosen node, or
 * else the node the picture was centred on (a neighbourhood's seed), selected and centred.
 */
export function graphPageHref(input: {
  document: GraphLayoutDocument;
  nodeId: string | null;
}): string | null {
  const { document } = input;
  if (!document.datasetId) return null;
  const search = new URLSearchParams({ dataset: document.datasetId });
  if (document.revision !== null) search.set("revision", String(document.revision));
  if (document.colorBy !== "community") search.set("color", document.colorBy);
  if (document.sizeBy !== "pagerank") search.set("size", document.sizeBy);
  const nodeId = input.nodeId ?? document.focusNodeIds?.[0] ?? null;
  if (nodeId) search.set("node", nodeId);
  return `/graph?${search}`;
}
