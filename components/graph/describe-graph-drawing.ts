import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { colorByPropertyName } from "./graph-legend-entries";
import { sizeByLabels } from "./graph-option-labels";

const mostCentralCount = 5;

/** A sentence or three saying what the drawing shows, for people who cannot see the canvas. */
export function describeGraphDrawing(document: GraphLayoutDocument): string {
  const { nodes, edges, legend } = document;
  const parts = [
    `Drawn: ${nodes.length} of ${document.graphNodeCount} nodes and ${edges.length} of ${document.graphEdgeCount} edges.`,
  ];
  if (document.colorBy === "community" && legend.length > 0) {
    const largest = [...legend].sort((left, right) => right.nodeCount - left.nodeCount)[0];
    parts.push(
      `Coloured by community: ${legend.length} communities, the largest (Community ${largest.community}) with ${largest.nodeCount} nodes.`,
    );
  } else if (document.colorBy === "type") {
    parts.push(`Coloured by node type: ${new Set(nodes.map((node) => node.type)).size} types.`);
  } else {
    const property = colorByPropertyName(document.colorBy);
    if (property !== null) {
      const named = legend.map((entry) => `${entry.label ?? "other"} (${entry.nodeCount})`);
      parts.push(`Coloured by ${property}: ${named.join(", ")}.`);
    }
  }
  if (document.sizeBy !== "none" && nodes.length > 0) {
    const top = [...nodes]
      .sort((left, right) => right.score - left.score)
      .slice(0, mostCentralCount)
      .map((node) => node.label || node.id);
    parts.push(`Sized by ${sizeByLabels[document.sizeBy]}; the largest: ${top.join(", ")}.`);
  }
  return parts.join(" ");
}
