"use client";

import type { useGraphExploration } from "@/hooks/use-graph-exploration";
import type { GraphPageState } from "@/hooks/use-graph-page-state";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { GraphExportLinks } from "./graph-export-links";
import { GraphLegend } from "./graph-legend";
import { GraphNodeDetails } from "./graph-node-details";
import { GraphNodeSearch } from "./graph-node-search";
import { GraphStyleControls } from "./graph-style-controls";

/**
 * The panel beside the drawing: find a node, inspect and act on it, choose the colouring and
 * sizes, filter by legend group, export the revision.
 */
export function GraphExplorerPanel({
  document,
  datasetId,
  revision,
  state,
  onChange,
  exploration,
  hiddenGroups,
  isFetching,
}: {
  document: GraphLayoutDocument | undefined;
  datasetId: string;
  revision: number;
  state: GraphPageState;
  onChange: (change: Partial<GraphPageState>) => void;
  exploration: ReturnType<typeof useGraphExploration>;
  hiddenGroups: ReadonlySet<number>;
  isFetching: boolean;
}) {
  const { selectedNodeId, focus } = exploration;
  const selectedInView = document?.nodes.some((node) => node.id === selectedNodeId) ?? false;
  const expandState =
    selectedNodeId !== null && focus.includes(selectedNodeId)
      ? isFetching
        ? "loading"
        : "done"
      : document?.truncated
        ? "available"
        : "done";

  return (
    <div className="min-w-0 space-y-3 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      {document ? (
        <>
          <section
            aria-label="Find a node"
            className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
          >
            <GraphNodeSearch
              nodes={document.nodes}
              selectedNodeId={selectedInView ? selectedNodeId : null}
              onChoose={exploration.selectAndCentre}
            />
          </section>
          <GraphNodeDetails
            document={document}
            selectedNodeId={selectedNodeId}
            onCentre={exploration.centre}
            onExpand={exploration.expand}
            onHide={exploration.hide}
            expandState={expandState}
          />
        </>
      ) : null}
      <GraphStyleControls
        colorBy={state.colorBy}
        sizeBy={state.sizeBy}
        propertyNames={document?.nodePropertyNames ?? []}
        onChange={onChange}
      />
      {document ? (
        <GraphLegend
          document={document}
          hiddenGroups={hiddenGroups}
          onToggle={(group, visible) => exploration.toggleGroup(document, group, visible)}
        />
      ) : null}
      <GraphExportLinks datasetId={datasetId} revision={revision} />
    </div>
  );
}
