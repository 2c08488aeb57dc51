import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

type LegendEntry = {
  key: string;
  name: string;
  color: string;
  nodeCount: number;
  community?: number;
};

function legendEntries(document: GraphLayoutDocument): LegendEntry[] {
  if (document.colorBy === "community") {
    return document.legend.map((entry) => ({
      key: `community-${entry.community}`,
      name: `Community ${entry.community}`,
      color: entry.color,
      nodeCount: entry.nodeCount,
      community: entry.community,
    }));
  }
  if (document.colorBy === "type") {
    // The document's legend lists communities; for type colouring, count the drawn nodes.
    const byType = new Map<string, LegendEntry>();
    for (const node of document.nodes) {
      const entry = byType.get(node.type);
      if (entry) entry.nodeCount += 1;
      else
        byType.set(node.type, {
          key: `type-${node.type}`,
          name: node.type,
          color: node.color,
          nodeCount: 1,
        });
    }
    return [...byType.values()].sort((left, right) => right.nodeCount - left.nodeCount);
  }
  return [];
}

/** What the colours mean: one swatch per community (or node type) with its node count. */
export function GraphLegend({ document }: { document: GraphLayoutDocument }) {
  const entries = legendEntries(document);
  const title = document.colorBy === "type" ? "Node types" : "Communities";
  return (
    <section
      aria-labelledby="graph-legend-heading"
      data-testid="graph-legend"
      data-color-by={document.colorBy}
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="graph-legend-heading" className="mb-2 font-semibold text-slate-900">
        {title}
        {entries.length > 0 ? (
          <span className="ml-2 rounded-full bg-slate-200 px-2 text-xs font-medium text-slate-700">
            {entries.length}
          </span>
        ) : null}
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-600" data-testid="graph-legend-empty">
          {document.colorBy === "none"
            ? "All nodes share one colour; choose a colouring above to see groups."
            : "No groups to show."}
        </p>
      ) : (
        <ul className="max-h-72 space-y-1 overflow-y-auto">
          {entries.map((entry) => (
            <li
              key={entry.key}
              className="flex items-center gap-2"
              data-testid="graph-legend-item"
              data-community={entry.community}
              data-color={entry.color}
              data-node-count={entry.nodeCount}
            >
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-full ring-1 ring-black/10"
                style={{ backgroundColor: entry.color }}
              />
              <span className="min-w-0 flex-1 truncate">{entry.name}</span>
              <span className="tabular-nums text-slate-600">
                {entry.nodeCount.toLocaleString("en")} {entry.nodeCount === 1 ? "node" : "nodes"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
