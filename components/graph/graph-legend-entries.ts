import {
  type GraphColorBy,
  type GraphLayoutDocument,
  graphColorByPropertyPrefix,
} from "@/lib/contracts/graph-layout-document";

/** One legend row: a colour, what it stands for and how many drawn nodes have it. */
export type GraphLegendEntry = {
  /** The group number nodes carry (`group`); -1 pools the groups beyond the palette. */
  group: number;
  name: string;
  color: string;
  nodeCount: number;
};

/** The node property a colouring is by, or null. */
export function colorByPropertyName(colorBy: GraphColorBy): string | null {
  return colorBy.startsWith(graphColorByPropertyPrefix)
    ? colorBy.slice(graphColorByPropertyPrefix.length)
    : null;
}

/** How the page names community `id` everywhere (legend, inspector). */
export function communityName(id: number): string {
  return id < 0 ? "Other communities" : `Community ${id}`;
}

/** The legend's heading for a colouring. */
export function graphLegendTitle(colorBy: GraphColorBy): string {
  const property = colorByPropertyName(colorBy);
  if (property !== null) return `Values of ${property}`;
  return colorBy === "type" ? "Node types" : "Communities";
}

/**
 * The rows of the legend, named: communities as "Community N" (the ids the view gives, never
 * renumbered here), node types and property values by their names.
 */
export function graphLegendEntries(document: GraphLayoutDocument): GraphLegendEntry[] {
  if (document.colorBy === "none") return [];
  return document.legend.map((entry) => ({
    group: entry.community,
    name:
      document.colorBy === "community"
        ? communityName(entry.community)
        : (entry.label ?? (entry.community < 0 ? "Other" : `Group ${entry.community}`)),
    color: entry.color,
    nodeCount: entry.nodeCount,
  }));
}
