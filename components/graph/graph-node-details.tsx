"use client";

import { useId, useMemo } from "react";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { sizeByLabels } from "./graph-option-labels";

function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toPrecision(4);
}

/**
 * Details of one node. Clicking a node in the drawing chooses it; the select does the same for
 * keyboard and screen-reader users (most central first).
 */
export function GraphNodeDetails({
  document,
  selectedNodeId,
  onSelectNode,
}: {
  document: GraphLayoutDocument;
  selectedNodeId: string | null;
  onSelectNode: (nodeId: string | null) => void;
}) {
  const selectId = useId();
  const sortedNodes = useMemo(
    () => [...document.nodes].sort((left, right) => right.score - left.score),
    [document],
  );
  const node = selectedNodeId
    ? document.nodes.find((candidate) => candidate.id === selectedNodeId)
    : undefined;
  const degree = useMemo(
    () =>
      node
        ? document.edges.filter((edge) => edge.source === node.id || edge.target === node.id).length
        : 0,
    [document, node],
  );
  const scoreName = document.sizeBy === "none" ? "Score" : `${sizeByLabels[document.sizeBy]} score`;

  return (
    <section
      aria-labelledby="graph-node-heading"
      data-testid="graph-node-details"
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="graph-node-heading" className="mb-2 font-semibold text-slate-900">
        Node
      </h2>
      <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-slate-700">
        Inspect a node
      </label>
      <select
        id={selectId}
        value={node?.id ?? ""}
        onChange={(event) => onSelectNode(event.target.value || null)}
        data-testid="graph-node-select"
        className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        <option value="">None — or click a node in the drawing</option>
        {sortedNodes.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.label && candidate.label !== candidate.id
              ? `${candidate.label} (${candidate.id})`
              : candidate.id}
          </option>
        ))}
      </select>
      <div aria-live="polite">
        {node ? (
          <dl
            className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1"
            data-testid="graph-node-properties"
            data-node-id={node.id}
          >
            <dt className="text-slate-600">Id</dt>
            <dd className="break-all font-mono" data-testid="graph-node-id">
              {node.id}
            </dd>
            <dt className="text-slate-600">Label</dt>
            <dd className="break-words">{node.label || "—"}</dd>
            <dt className="text-slate-600">Type</dt>
            <dd className="font-mono">{node.type}</dd>
            <dt className="text-slate-600">Community</dt>
            <dd className="flex items-center gap-1.5" data-testid="graph-node-community">
              {node.community !== null ? (
                <>
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-full ring-1 ring-black/10"
                    style={{ backgroundColor: node.color }}
                  />
                  {node.community}
                </>
              ) : (
                "—"
              )}
            </dd>
            <dt className="text-slate-600">{scoreName}</dt>
            <dd className="tabular-nums" data-testid="graph-node-score">
              {formatScore(node.score)}
            </dd>
            <dt className="text-slate-600">Edges drawn</dt>
            <dd className="tabular-nums">{degree}</dd>
          </dl>
        ) : (
          <p className="mt-3 text-slate-600">No node chosen.</p>
        )}
      </div>
    </section>
  );
}
