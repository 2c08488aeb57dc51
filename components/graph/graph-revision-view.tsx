"use client";

import { useState } from "react";
import type { useConstructions } from "@/hooks/use-constructions";
import type { GraphPageState } from "@/hooks/use-graph-page-state";
import { useGraphView } from "@/hooks/use-graph-view";
import type { Dataset } from "@/lib/contracts/dataset";
import { ErrorState } from "../ui/error-state";
import { GraphCanvas } from "./graph-canvas";
import { GraphExportLinks } from "./graph-export-links";
import { GraphInfoPanel } from "./graph-info-panel";
import { GraphLegend } from "./graph-legend";
import { GraphNodeDetails } from "./graph-node-details";
import { GraphPictureDownloads } from "./graph-picture-downloads";

/** One ready revision: its information, the drawing, the legend and the chosen node. */
export function GraphRevisionView({
  dataset,
  revision,
  constructionsQuery,
  state,
}: {
  dataset: Dataset;
  revision: number;
  constructionsQuery: ReturnType<typeof useConstructions>;
  state: GraphPageState;
}) {
  const [selectedNodeId, setSelectedNodeId] = useState<string | null>(state.nodeId);
  const viewQuery = useGraphView({
    datasetId: dataset.dataset_id,
    revision,
    limit: state.limit,
    colorBy: state.colorBy,
    sizeBy: state.sizeBy,
  });
  const construction = constructionsQuery.data?.find(
    (candidate) => candidate.revision === revision && candidate.status === "ready",
  );
  const document = viewQuery.data;

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-4">
        {constructionsQuery.isError ? (
          <ErrorState
            title="The revisions of this dataset could not be loaded."
            error={constructionsQuery.error}
            onRetry={() => constructionsQuery.refetch()}
            isRetrying={constructionsQuery.isFetching}
            testId="graph-constructions-error"
          />
        ) : null}
        <GraphInfoPanel construction={construction} document={document} />
        {viewQuery.isError && !document ? (
          <ErrorState
            title={`The drawing of revision ${revision} could not be prepared.`}
            error={viewQuery.error}
            onRetry={() => viewQuery.refetch()}
            isRetrying={viewQuery.isFetching}
            testId="graph-view-error"
          />
        ) : !document ? (
          <div
            data-testid="graph-view-loading"
            aria-busy="true"
            className="flex h-[560px] items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-600"
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
              directed={construction?.directed ?? false}
              selectedNodeId={selectedNodeId}
              onSelectNode={setSelectedNodeId}
              isUpdating={viewQuery.isPlaceholderData}
            />
            <GraphPictureDownloads document={document} directed={construction?.directed ?? false} />
          </>
        )}
      </div>
      <div className="space-y-4">
        <GraphExportLinks datasetId={dataset.dataset_id} revision={revision} />
        {document ? (
          <>
            <GraphLegend document={document} />
            <GraphNodeDetails
              document={document}
              selectedNodeId={selectedNodeId}
              onSelectNode={setSelectedNodeId}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
