"use client";

import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { graphLegendEntries, graphLegendTitle } from "./graph-legend-entries";

/**
 * What the colours mean: one swatch per community, node type or property value with its node
 * count, each with a checkbox that shows or hides its nodes (the filter). Without `onToggle`
 * (a picture elsewhere) the legend only explains.
 */
export function GraphLegend({
  document,
  hiddenGroups,
  onToggle,
}: {
  document: GraphLayoutDocument;
  hiddenGroups?: ReadonlySet<number>;
  onToggle?: (group: number, visible: boolean) => void;
}) {
  const entries = graphLegendEntries(document);
  const title = graphLegendTitle(document.colorBy);
  return (
    <section
      aria-labelledby="graph-legend-heading"
      data-testid="graph-legend"
      data-color-by={document.colorBy}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
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
            ? "All nodes share one colour; choose a colouring to see groups."
            : "No groups to show."}
        </p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-y-auto">
          {entries.map((entry) => {
            const visible = !hiddenGroups?.has(entry.group);
            const swatch = (
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-full ring-1 ring-black/10"
                style={{ backgroundColor: entry.color }}
              />
            );
            const count = (
              <span className="tabular-nums text-slate-600">
                {entry.nodeCount.toLocaleString("en")} {entry.nodeCount === 1 ? "node" : "nodes"}
              </span>
            );
            return (
              <li
                key={entry.group}
                data-testid="graph-legend-item"
                data-community={entry.group}
                data-label={entry.name}
                data-color={entry.color}
                data-node-count={entry.nodeCount}
                data-visible={visible}
              >
                {onToggle ? (
                  <label className="flex cursor-pointer items-center gap-2">
                    <input
                      type="checkbox"
                      checked={visible}
                      onChange={(event) => onToggle(entry.group, event.target.checked)}
                      data-testid="graph-legend-filter"
                      className="size-4 shrink-0"
                    />
                    {swatch}
                    <span className="min-w-0 flex-1 truncate" data-testid="graph-legend-name">
                      {entry.name}
                    </span>
                    {count}
                  </label>
                ) : (
                  <span className="flex items-center gap-2">
                    {swatch}
                    <span className="min-w-0 flex-1 truncate" data-testid="graph-legend-name">
                      {entry.name}
                    </span>
                    {count}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
