"use client";

import { useEffect, useMemo } from "react";
import type { useConstructions } from "@/hooks/use-constructions";
import { useExplorationFilter, useGraphExploration } from "@/hooks/use-graph-exploration";
import type { GraphPageState } from "@/hooks/use-graph-page-state";
import { useGraphView } from "@/hooks/use-graph-view";
import type { Dataset } from "@/lib/contracts/dataset";
import { secondaryButtonClass } from "../ui/button-styles";
import { ErrorState } from "../ui/error-state";
import { GraphCanvas } from "./graph-canvas";
import { GraphExplorerPanel } from "./graph-explorer-panel";
import { GraphInfoPanel } from "./graph-info-panel";
import { GraphPictureDownloads } from "./graph-picture-downloads";
import {
  hiddenNodeIdsOf,
  isGraphViewFiltered,
  visibleGraphDocument,
} from "./visible-graph-document";

/** The drawing's height: as tall as the window allows under the page's header and controls. */
const canvasHeightClass = "h-[min(calc(100vh_-_16rem),40rem)] min-h-80";

/**
 * One ready revision, explorable: find a node, select and centre it, expand its neighbours
 * into a cut view, hide it, filter by legend group, colour and size by choice, inspect every
 * property, download what is shown. The chosen node lives in the address (?node=).
 */
export function GraphRevisionView({
  dataset,
  revision,
  constructionsQuery,
  state,
  onChange,
}: {
  dataset: Dataset;
  revision: number;
  constructionsQuery: ReturnType<typeof useConstructions>;
  state: GraphPageState;
  onChange: (change: Partial<GraphPageState>) => void;
}) {
  const exploration = useGraphExploration({ initialNodeId: state.nodeId, onChange });
  const { selectedNodeId, focus } = exploration;
  const viewQuery = useGraphView({
    datasetId: dataset.dataset_id,
    revision,
    limit: state.limit,
    colorBy: state.colorBy,
    sizeBy: state.sizeBy,
    focus,
  });
  const construction = constructionsQuery.data?.find(
    (candidate) => candidate.revision === revision && candidate.status === "ready",
  );
  const document = viewQuery.data;
  const directed = construction?.directed ?? false;
  const filter = useExplorationFilter(exploration, document);
  const hidden = useMemo(
    () => (document ? hiddenNodeIdsOf({ document, filter, selectedNodeId }) : new Set<string>()),
    [document, filter, selectedNodeId],
  );
  const shown = useMemo(
    () => (document ? visibleGraphDocument({ document, hiddenNodeIds: hidden }) : undefined),
    [document, hidden],
  );

  // A linked node outside a cut view is brought in with its neighbours.
  const missingLinkedNode =
    state.nodeId !== null &&
    document !== undefined &&
    !viewQuery.isPlaceholderData &&
    document.truncated &&
    !document.nodes.some((node) => node.id === state.nodeId) &&
    !focus.includes(state.nodeId)
      ? state.nodeId
      : null;
  const { expand } = exploration;
  useEffect(() => {
    if (missingLinkedNode) expand(missingLinkedNode);
  }, [missingLinkedNode, expand]);

  return (
    // Drawing, panel, information: on a narrow screen the panel (search, inspector) comes right
    // after the drawing; on a wide one it runs beside both.
    <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_17rem] lg:grid-rows-[auto_1fr]">
      <div className="min-w-0 space-y-3 lg:col-start-1">
        {constructionsQuery.isError ? (
          <ErrorState
            title="The revisions of this dataset could not be loaded."
            error={constructionsQuery.error}
            onRetry={() => constructionsQuery.refetch()}
            isRetrying={constructionsQuery.isFetching}
            testId="graph-constructions-error"
          />
        ) : null}
        {viewQuery.isError && !document ? (
          <ErrorState
            title={`The drawing of revision ${revision} could not be prepared.`}
            error={viewQuery.error}
            onRetry={() => viewQuery.refetch()}
            isRetrying={viewQuery.isFetching}
            testId="graph-view-error"
          />
        ) : !document || !shown ? (
          <div
            data-testid="graph-view-loading"
            aria-busy="true"
            className={`flex items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-600 ${canvasHeightClass}`}
          >
            <span
              aria-hidden="true"
              className="mr-2 size-3 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600"
            />
            Laying out the graph…
          </div>
        ) : (
          <>
            <GraphCanvas
              document={document}
              directed={directed}
              selectedNodeId={selectedNodeId}
              hiddenNodeIds={hidden}
              centreRequest={exploration.centreRequest}
              onSelectNode={exploration.select}
              isUpdating={viewQuery.isPlaceholderData || (viewQuery.isFetching && focus.length > 0)}
              heightClassName={canvasHeightClass}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <GraphPictureDownloads document={shown} directed={directed} />
              {isGraphViewFiltered(filter) ? (
                <p className="flex items-center gap-2 text-xs text-slate-700">
                  <span data-testid="graph-hidden-count" data-count={hidden.size}>
                    {hidden.size.toLocaleString("en")} {hidden.size === 1 ? "node" : "nodes"} hidden
                  </span>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    onClick={exploration.showAll}
                    data-testid="graph-show-all"
                  >
                    Show all
                  </button>
                </p>
              ) : null}
            </div>
          </>
        )}
      </div>
      <GraphExplorerPanel
        document={document}
        datasetId={dataset.dataset_id}
        revision={revision}
        state={state}
        onChange={onChange}
        exploration={exploration}
        hiddenGroups={filter.hiddenGroups}
        isFetching={viewQuery.isFetching}
      />
      <div className="min-w-0 lg:col-start-1">
        <GraphInfoPanel construction={construction} document={document} />
      </div>
    </div>
  );
}
