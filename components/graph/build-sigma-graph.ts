import Graph from "graphology";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

export type SigmaNodeAttributes = {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  // Not `type`: sigma reads `type` as the name of its drawing program.
  nodeType: string;
  community: number | null;
  score: number;
};

export type SigmaEdgeAttributes = {
  size: number;
  color: string;
  type: "line" | "arrow";
  edgeType: string;
  weight: number;
};

const edgeColour = "#cbd5e1";

/**
 * A graphology graph sigma can draw as is: the document's positions, sizes and colours. Multi
 * and self-loop edges are allowed because a construction may contain both; edges whose ends are
 * not in the view are skipped rather than failing the whole drawing.
 */
export function buildSigmaGraph({
  document,
  directed,
}: {
  document: GraphLayoutDocument;
  directed: boolean;
}): Graph<SigmaNodeAttributes, SigmaEdgeAttributes> {
  const graph = new Graph<SigmaNodeAttributes, SigmaEdgeAttributes>({
    type: directed ? "directed" : "undirected",
    multi: true,
    allowSelfLoops: true,
  });
  for (const node of document.nodes) {
    if (graph.hasNode(node.id)) continue;
    graph.addNode(node.id, {
      x: node.x,
      y: node.y,
      size: node.size,
      color: node.color,
      label: node.label || node.id,
      nodeType: node.type,
      community: node.community,
      score: node.score,
    });
  }
  for (const edge of document.edges) {
    if (!graph.hasNode(edge.source) || !graph.hasNode(edge.target)) continue;
    graph.addEdge(edge.source, edge.target, {
      size: 1,
      color: edgeColour,
      type: directed ? "arrow" : "line",
      edgeType: edge.type,
      weight: edge.weight,
    });
  }
  return graph;
}
