"use client";

import "@react-sigma/core/lib/style.css";
import { SigmaContainer, useRegisterEvents, useSigma } from "@react-sigma/core";
import { useCallback, useEffect, useMemo, useState } from "react";
import type Sigma from "sigma";
import type { Settings } from "sigma/settings";
import type { GraphCentreRequest } from "@/hooks/use-graph-exploration";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { secondaryButtonClass } from "../ui/button-styles";
import {
  buildSigmaGraph,
  type SigmaEdgeAttributes,
  type SigmaNodeAttributes,
} from "./build-sigma-graph";

type GraphSigma = Sigma<SigmaNodeAttributes, SigmaEdgeAttributes>;

const noNodes: ReadonlySet<string> = new Set();

// Module-level and constant: SigmaContainer rebuilds the renderer whenever its settings change.
const sigmaSettings: Partial<Settings<SigmaNodeAttributes, SigmaEdgeAttributes>> = {
  // Permanent labels only for the biggest nodes; every node shows its label on hover.
  labelRenderedSizeThreshold: 12,
  labelFont: "Inter Variable, ui-sans-serif, system-ui, sans-serif",
  labelSize: 12,
  defaultEdgeColor: "#cbd5e1",
  zIndex: true,
  // The container is sized by CSS; a zero-size moment (layout shift) must not throw.
  allowInvalidContainer: true,
};

const zoomDurationMilliseconds = 250;
/** How close the camera comes when centring a node (1 = the whole graph). */
const centreZoomRatio = 0.5;

/**
 * Mouse interaction, selection highlight, hidden nodes (and the edges at them) and the camera
 * moving onto a node on request, wired to the sigma instance of the container.
 */
function GraphInteractions({
  selectedNodeId,
  hiddenNodeIds,
  centreRequest,
  onSelectNode,
  onRendered,
  onCentred,
}: {
  selectedNodeId: string | null;
  hiddenNodeIds: ReadonlySet<string>;
  centreRequest: GraphCentreRequest | null;
  onSelectNode: (nodeId: string | null) => void;
  onRendered: () => void;
  onCentred: (nodeId: string) => void;
}) {
  const sigma = useSigma<SigmaNodeAttributes, SigmaEdgeAttributes>();
  const registerEvents = useRegisterEvents<SigmaNodeAttributes, SigmaEdgeAttributes>();

  useEffect(() => {
    registerEvents({
      clickNode: (event) => onSelectNode(event.node),
      clickStage: () => onSelectNode(null),
      enterNode: () => sigma.getContainer().style.setProperty("cursor", "pointer"),
      leaveNode: () => sigma.getContainer().style.removeProperty("cursor"),
      afterRender: onRendered,
    });
  }, [registerEvents, sigma, onSelectNode, onRendered]);

  useEffect(() => {
    const graph = sigma.getGraph();
    if (selectedNodeId && graph.hasNode(selectedNodeId)) {
      const { x, y } = graph.getNodeAttributes(selectedNodeId);
      const onScreen = sigma.graphToViewport({ x, y });
      const { width, height } = sigma.getDimensions();
      const isVisible =
        onScreen.x >= 0 && onScreen.x <= width && onScreen.y >= 0 && onScreen.y <= height;
      // A node chosen from a list may be off screen: bring it into view, else keep the camera.
      if (!isVisible) {
        sigma
          .getCamera()
          .animate(sigma.viewportToFramedGraph(onScreen), { duration: zoomDurationMilliseconds });
      }
    }
    sigma.setSetting("nodeReducer", (node, data) => {
      if (hiddenNodeIds.has(node)) return { ...data, hidden: true };
      return node === selectedNodeId
        ? { ...data, highlighted: true, zIndex: 1 }
        : { ...data, zIndex: 0 };
    });
    sigma.setSetting(
      "edgeReducer",
      hiddenNodeIds.size === 0
        ? null
        : (edge, data) =>
            hiddenNodeIds.has(graph.source(edge)) || hiddenNodeIds.has(graph.target(edge))
              ? { ...data, hidden: true }
              : data,
    );
  }, [sigma, selectedNodeId, hiddenNodeIds]);

  useEffect(() => {
    if (!centreRequest) return;
    const graph = sigma.getGraph();
    const { nodeId } = centreRequest;
    if (!graph.hasNode(nodeId)) return;
    // From the graph's own coordinates: the render cache may not hold the node yet.
    const { x, y } = graph.getNodeAttributes(nodeId);
    const target = sigma.viewportToFramedGraph(sigma.graphToViewport({ x, y }));
    const camera = sigma.getCamera();
    let cancelled = false;
    camera
      .animate(
        { x: target.x, y: target.y, ratio: Math.min(camera.ratio, centreZoomRatio) },
        { duration: zoomDurationMilliseconds },
      )
      .then(() => {
        if (!cancelled) onCentred(nodeId);
      });
    return () => {
      cancelled = true;
    };
  }, [sigma, centreRequest, onCentred]);

  return null;
}

/**
 * The WebGL drawing (sigma) of a layout document, with native buttons for the camera. Loaded
 * only in the browser: sigma touches `window` and WebGL as soon as it is imported.
 */
export function GraphSigmaRenderer({
  document,
  directed,
  selectedNodeId,
  hiddenNodeIds = noNodes,
  centreRequest = null,
  onSelectNode,
  label,
  describedBy,
}: {
  document: GraphLayoutDocument;
  directed: boolean;
  selectedNodeId: string | null;
  hiddenNodeIds?: ReadonlySet<string>;
  centreRequest?: GraphCentreRequest | null;
  onSelectNode: (nodeId: string | null) => void;
  label: string;
  describedBy: string;
}) {
  const graph = useMemo(() => buildSigmaGraph({ document, directed }), [document, directed]);
  const [sigma, setSigma] = useState<GraphSigma | null>(null);
  const [renderedGraph, setRenderedGraph] = useState<typeof graph | null>(null);
  const camera = sigma?.getCamera();
  const onRendered = useCallback(() => setRenderedGraph(graph), [graph]);
  const [centredNodeId, setCentredNodeId] = useState<string | null>(null);

  return (
    <div className="flex h-full flex-col">
      <div
        role="toolbar"
        aria-label="Drawing view"
        className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2"
      >
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => camera?.animatedReset({ duration: zoomDurationMilliseconds })}
          disabled={!camera}
          data-testid="graph-fit-button"
        >
          Fit to view
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => camera?.animatedZoom({ duration: zoomDurationMilliseconds })}
          disabled={!camera}
          data-testid="graph-zoom-in-button"
        >
          Zoom in
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => camera?.animatedUnzoom({ duration: zoomDurationMilliseconds })}
          disabled={!camera}
          data-testid="graph-zoom-out-button"
        >
          Zoom out
        </button>
        <p className="ml-auto text-xs text-slate-600">
          Drag to pan, scroll to zoom, hover for labels, click a node for details.
        </p>
      </div>
      <div
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="graph-canvas"
        data-rendered={renderedGraph === graph}
        data-node-count={graph.order}
        data-edge-count={graph.size}
        data-hidden-count={hiddenNodeIds.size}
        data-centred-node={centredNodeId ?? undefined}
        className="min-h-0 flex-1"
      >
        <SigmaContainer<SigmaNodeAttributes, SigmaEdgeAttributes>
          ref={setSigma}
          graph={graph}
          settings={sigmaSettings}
          style={{ height: "100%", width: "100%" }}
        >
          <GraphInteractions
            selectedNodeId={selectedNodeId}
            hiddenNodeIds={hiddenNodeIds}
            centreRequest={centreRequest}
            onSelectNode={onSelectNode}
            onRendered={onRendered}
            onCentred={setCentredNodeId}
          />
        </SigmaContainer>
      </div>
    </div>
  );
}
