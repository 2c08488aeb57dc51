"use client";

import type { GraphExportFormat } from "@/lib/contracts/graph-export";

const formats: { format: GraphExportFormat; label: string; use: string }[] = [
  { format: "graphml", label: "GraphML", use: "Gephi, Cytoscape, yEd, NetworkX" },
  { format: "gexf", label: "GEXF", use: "Gephi" },
  { format: "gml", label: "GML", use: "NetworkX, igraph" },
  { format: "json", label: "JSON", use: "node-link, NetworkX and d3" },
  { format: "csv", label: "CSV (zip)", use: "nodes.csv and edges.csv for spreadsheets" },
];

/** The export route of a saved revision in one format. */
export function graphExportHref(input: {
  datasetId: string;
  revision: number;
  format: GraphExportFormat;
}): string {
  const search = new URLSearchParams({ format: input.format, revision: String(input.revision) });
  return `/api/datasets/${encodeURIComponent(input.datasetId)}/export?${search}`;
}

/** Downloads of a saved revision in every export format, with every node and edge property. */
export function GraphExportLinks({ datasetId, revision }: { datasetId: string; revision: number }) {
  return (
    <section
      aria-labelledby="graph-export-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="graph-export-links"
    >
      <h3 id="graph-export-heading" className="font-semibold text-slate-800">
        Download revision {revision}
      </h3>
      <ul className="space-y-1">
        {formats.map(({ format, label, use }) => (
          <li key={format}>
            <a
              href={graphExportHref({ datasetId, revision, format })}
              download
              className="font-medium text-blue-700 underline"
              aria-label={`Download revision ${revision} as ${label}`}
              data-testid={`graph-export-${format}`}
            >
              {label}
            </a>{" "}
            <span className="text-xs text-slate-600">{use}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
