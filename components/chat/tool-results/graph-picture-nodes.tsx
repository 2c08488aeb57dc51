"use client";

import { useMemo } from "react";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

// Beyond this a button per node is a wall of tab stops; the Graph page lists every node.
const maxListedNodes = 80;

function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toPrecision(4);
}

/**
 * The drawn nodes as buttons (most central first), so a keyboard user can reach every node of
 * the picture, and the details of the chosen one.
 */
export function GraphPictureNodes({
  document,
  selectedNodeId,
  onSelectNode,
  headingId,
}: {
  document: GraphLayoutDocument;
  selectedNodeId: string | null;
  onSelectNode: (nodeId: string | null) => void;
  headingId: string;
}) {
  const sorted = useMemo(
    () => [...document.nodes].sort((left, right) => right.score - left.score),
    [document],
  );
  const node = selectedNodeId ? document.nodes.find((item) => item.id === selectedNodeId) : null;
  const degree = node
    ? document.edges.filter((edge) => edge.source === node.id || edge.target === node.id).length
    : 0;
  const shown = sorted.slice(0, maxListedNodes);
  return (
    <div className="space-y-2 text-xs" data-testid="graph-picture-nodes">
      <h4 id={headingId} className="font-semibold text-slate-800">
        Nodes{" "}
        <span className="font-normal text-slate-500">
          (most central first
          {sorted.length > shown.length ? `, ${shown.length} of ${sorted.length}` : ""})
        </span>
      </h4>
      <ul
        aria-labelledby={headingId}
        className="flex max-h-28 flex-wrap gap-1 overflow-y-auto p-0.5"
      >
        {shown.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              aria-pressed={item.id === selectedNodeId}
              onClick={() => onSelectNode(item.id === selectedNodeId ? null : item.id)}
              data-testid="graph-picture-node"
              data-node-id={item.id}
              className="inline-flex items-center gap-1 rounded border border-slate-200 bg-white px-1.5 py-0.5 font-mono hover:bg-slate-100 aria-pressed:border-blue-500 aria-pressed:bg-blue-50"
            >
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full ring-1 ring-black/10"
                style={{ backgroundColor: item.color }}
              />
              {item.label || item.id}
            </button>
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {node ? (
          <dl
            className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded bg-slate-50 p-2"
            data-testid="graph-picture-node-details"
            data-node-id={node.id}
          >
            <dt className="text-slate-600">Id</dt>
            <dd className="break-all font-mono">{node.id}</dd>
            <dt className="text-slate-600">Label</dt>
            <dd className="break-words">{node.label || "—"}</dd>
            <dt className="text-slate-600">Type</dt>
            <dd className="font-mono">{node.type}</dd>
            <dt className="text-slate-600">Community</dt>
            <dd data-testid="graph-picture-node-community">{node.community ?? "—"}</dd>
            <dt className="text-slate-600">
              {document.sizeBy === "none" ? "Score" : `${document.sizeBy} score`}
            </dt>
            <dd className="tabular-nums">{formatScore(node.score)}</dd>
            <dt className="text-slate-600">Edges drawn</dt>
            <dd className="tabular-nums">{degree}</dd>
          </dl>
        ) : (
          <p className="text-slate-600">Choose a node (here or in the drawing) for its details.</p>
        )}
      </div>
    </div>
  );
}
