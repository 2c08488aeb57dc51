"use client";

import { useMemo } from "react";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { secondaryButtonClass } from "../ui/button-styles";
import { communityName } from "./graph-legend-entries";
import { sizeByLabels } from "./graph-option-labels";

function formatNumber(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString("en") : value.toPrecision(4);
}

function formatValue(value: string | number | boolean | null): string {
  if (value === null || value === "") return "—";
  return typeof value === "number" ? formatNumber(value) : String(value);
}

/**
 * The inspector: everything known about the chosen node (id, label, type, every property,
 * degree, community, the size measure) and what can be done with it (centre, expand, hide).
 */
export function GraphNodeDetails({
  document,
  selectedNodeId,
  onCentre,
  onExpand,
  onHide,
  expandState,
}: {
  document: GraphLayoutDocument;
  selectedNodeId: string | null;
  onCentre: (nodeId: string) => void;
  onExpand: (nodeId: string) => void;
  onHide: (nodeId: string) => void;
  /** "available": its neighbours can be added; "done": they are all drawn already. */
  expandState: "available" | "loading" | "done";
}) {
  const node = selectedNodeId
    ? document.nodes.find((candidate) => candidate.id === selectedNodeId)
    : undefined;
  const drawnDegree = useMemo(
    () =>
      node
        ? document.edges.filter((edge) => edge.source === node.id || edge.target === node.id).length
        : 0,
    [document, node],
  );
  const scoreName = document.sizeBy === "none" ? "Score" : `${sizeByLabels[document.sizeBy]}`;
  const properties = Object.entries(node?.properties ?? {});

  return (
    <section
      aria-labelledby="graph-node-heading"
      data-testid="graph-node-details"
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <h2 id="graph-node-heading" className="mb-2 font-semibold text-slate-900">
        Node
      </h2>
      <div aria-live="polite">
        {node ? (
          <>
            <dl
              className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1"
              data-testid="graph-node-properties"
              data-node-id={node.id}
            >
              <dt className="text-slate-600">Id</dt>
              <dd className="break-all font-mono" data-testid="graph-node-id">
                {node.id}
              </dd>
              <dt className="text-slate-600">Label</dt>
              <dd className="break-words" data-testid="graph-node-label">
                {node.label || "—"}
              </dd>
              <dt className="text-slate-600">Type</dt>
              <dd className="break-all font-mono" data-testid="graph-node-type">
                {node.type}
              </dd>
              {properties.map(([name, value]) => (
                <div
                  key={name}
                  className="contents"
                  data-testid="graph-node-property"
                  data-name={name}
                >
                  <dt className="break-all text-slate-600">{name}</dt>
                  <dd className="break-words" data-testid="graph-node-property-value">
                    {formatValue(value)}
                  </dd>
                </div>
              ))}
              <dt className="text-slate-600">Degree</dt>
              <dd className="tabular-nums" data-testid="graph-node-degree">
                {node.degree !== undefined ? formatNumber(node.degree) : "—"}
                {node.degree !== undefined && node.degree !== drawnDegree ? (
                  <span className="text-slate-600"> ({drawnDegree} drawn)</span>
                ) : null}
              </dd>
              <dt className="text-slate-600">Community</dt>
              <dd className="flex items-center gap-1.5" data-testid="graph-node-community">
                {node.community !== null ? communityName(node.community) : "—"}
              </dd>
              <dt className="text-slate-600">{scoreName}</dt>
              <dd className="tabular-nums" data-testid="graph-node-score">
                {formatNumber(node.score)}
              </dd>
            </dl>
            {properties.length === 0 ? (
              <p className="mt-2 text-xs text-slate-600" data-testid="graph-node-no-properties">
                This node has no properties of its own (a node table or SQL row gives them).
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => onCentre(node.id)}
                data-testid="graph-node-centre"
              >
                Centre
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => onExpand(node.id)}
                disabled={expandState !== "available"}
                title={
                  expandState === "done" ? "All of this node's neighbours are drawn." : undefined
                }
                data-testid="graph-node-expand"
              >
                {expandState === "loading" ? "Expanding…" : "Expand neighbours"}
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => onHide(node.id)}
                data-testid="graph-node-hide"
              >
                Hide
              </button>
            </div>
            {expandState === "done" ? (
              <p className="mt-1 text-xs text-slate-600" data-testid="graph-node-expand-done">
                All of its neighbours are drawn.
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-slate-600" data-testid="graph-node-none">
            No node chosen: find one above or click one in the drawing.
          </p>
        )}
      </div>
    </section>
  );
}
