"use client";

import dynamic from "next/dynamic";
import { useId } from "react";
import type { GraphCentreRequest } from "@/hooks/use-graph-exploration";
import { useGraphWebGlSupport } from "@/hooks/use-graph-webgl-support";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { describeGraphDrawing } from "./describe-graph-drawing";
import { GraphRenderBoundary } from "./graph-render-boundary";

function RendererPlaceholder({ message }: { message: string }) {
  return (
    <div
      className="flex h-full items-center justify-center text-sm text-slate-600"
      data-testid="graph-canvas-loading"
      aria-busy="true"
    >
      <span
        aria-hidden="true"
        className="mr-2 size-3 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600"
      />
      {message}
    </div>
  );
}

// sigma needs `window` and WebGL at import time, so it is loaded only in the browser.
const GraphSigmaRenderer = dynamic(
  () => import("./graph-sigma-renderer").then((module) => module.GraphSigmaRenderer),
  { ssr: false, loading: () => <RendererPlaceholder message="Loading the renderer…" /> },
);

/**
 * The drawing region: the interactive WebGL rendering when the browser can do WebGL, an honest
 * explanation when it cannot, and always a text summary of what is drawn.
 */
export function GraphCanvas({
  document,
  directed,
  selectedNodeId,
  hiddenNodeIds,
  centreRequest,
  onSelectNode,
  isUpdating,
  heightClassName = "h-[560px]",
}: {
  document: GraphLayoutDocument;
  directed: boolean;
  selectedNodeId: string | null;
  /** Nodes left out of the picture (hidden one by one or by a legend filter). */
  hiddenNodeIds?: ReadonlySet<string>;
  /** Move the camera onto this node (a new object for every request). */
  centreRequest?: GraphCentreRequest | null;
  onSelectNode: (nodeId: string | null) => void;
  /** A new drawing is on its way; the current one stays visible meanwhile. */
  isUpdating: boolean;
  /** The drawing's height (Tailwind class): the chat draws smaller than the Graph page. */
  heightClassName?: string;
}) {
  const headingId = useId();
  const summaryId = useId();
  const webGl = useGraphWebGlSupport();
  const summary = describeGraphDrawing(document);
  const hiddenCount = hiddenNodeIds?.size ?? 0;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="graph-canvas-region"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <h2 id={headingId} className="sr-only">
        Drawing of {document.title}
      </h2>
      <div className={`relative ${heightClassName}`} aria-busy={isUpdating}>
        {webGl === null ? (
          <RendererPlaceholder message="Checking graphics support…" />
        ) : webGl === "unsupported" ? (
          <div
            role="note"
            data-testid="graph-webgl-unavailable"
            className="flex h-full items-center justify-center p-6 text-center text-sm text-amber-950"
          >
            <p className="max-w-md">
              This browser gives the page no WebGL, which the interactive drawing needs (it may be
              switched off, or the graphics driver is blocked). The graph information, legend and
              node list on this page are complete without it; enable WebGL or hardware acceleration
              to see the drawing.
            </p>
          </div>
        ) : (
          <GraphRenderBoundary resetKey={`${document.datasetId}:${document.revision}`}>
            <GraphSigmaRenderer
              document={document}
              directed={directed}
              selectedNodeId={selectedNodeId}
              hiddenNodeIds={hiddenNodeIds}
              centreRequest={centreRequest}
              onSelectNode={onSelectNode}
              label={`Interactive drawing of ${document.title}`}
              describedBy={summaryId}
            />
          </GraphRenderBoundary>
        )}
        {isUpdating ? (
          <div
            className="absolute right-3 bottom-3 rounded-md bg-white/90 px-2 py-1 text-xs text-slate-700 shadow ring-1 ring-slate-200"
            data-testid="graph-updating"
          >
            Updating the drawing…
          </div>
        ) : null}
      </div>
      <p
        id={summaryId}
        data-testid="graph-text-summary"
        className="border-t border-slate-200 px-3 py-2 text-xs text-slate-700"
      >
        {summary}
        {hiddenCount > 0
          ? ` ${hiddenCount.toLocaleString("en")} of them ${hiddenCount === 1 ? "is" : "are"} hidden.`
          : ""}
      </p>
    </section>
  );
}
