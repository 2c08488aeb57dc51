"use client";

import Link from "next/link";
import { useEffect } from "react";
import { useConstructions } from "@/hooks/use-constructions";
import { useDatasets } from "@/hooks/use-datasets";
import { useGraphPageState } from "@/hooks/use-graph-page-state";
import type { Dataset } from "@/lib/contracts/dataset";
import type { Project } from "@/lib/contracts/project";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { GraphControls } from "./graph-controls";
import { GraphDatasetStatus } from "./graph-dataset-status";
import { GraphPageSkeleton } from "./graph-page-skeleton";
import { GraphRevisionView } from "./graph-revision-view";

function hasReadyRevision(dataset: Dataset): boolean {
  return dataset.construction_revision !== null && dataset.construction_revision !== undefined;
}

/** The current project's datasets, the page's choices (kept in the URL) and what they select. */
export function ProjectGraph({ project }: { project: Project }) {
  const datasetsQuery = useDatasets(project.project_id);
  const [state, updateState] = useGraphPageState();
  const datasets = datasetsQuery.data ?? [];
  const firstReady = datasets.find(hasReadyRevision) ?? null;
  const requested = state.datasetId
    ? (datasets.find((dataset) => dataset.dataset_id === state.datasetId) ?? null)
    : null;
  const selectedDataset = state.datasetId ? requested : firstReady;
  const constructionsQuery = useConstructions(
    selectedDataset && hasReadyRevision(selectedDataset) ? selectedDataset.dataset_id : null,
  );
  const revision = selectedDataset
    ? (state.revision ?? selectedDataset.construction_revision ?? null)
    : null;

  // Write the default choice into the address, so a reload draws the same dataset even after
  // another one becomes ready.
  useEffect(() => {
    if (!state.datasetId && firstReady) updateState({ datasetId: firstReady.dataset_id });
  }, [state.datasetId, firstReady, updateState]);

  if (datasetsQuery.isPending) return <GraphPageSkeleton />;
  if (datasetsQuery.isError) {
    return (
      <ErrorState
        title="The datasets could not be loaded."
        error={datasetsQuery.error}
        onRetry={() => datasetsQuery.refetch()}
        isRetrying={datasetsQuery.isFetching}
        testId="graph-datasets-error"
      />
    );
  }
  if (!state.datasetId && !firstReady) {
    return (
      <EmptyState title="No graph has been built in this project yet." testId="graph-empty">
        <p>
          {datasets.length === 0
            ? "The project has no datasets. Upload an edge list or a SQL dump, then build its graph"
            : `None of its ${datasets.length} ${datasets.length === 1 ? "dataset has" : "datasets have"} a ready graph. Build one with “Build graph”`}{" "}
          on the{" "}
          <Link href="/datasets" className="font-medium text-blue-700 underline">
            Datasets page
          </Link>
          ; it can be drawn here as soon as it is ready.
        </p>
      </EmptyState>
    );
  }

  return (
    <>
      <GraphControls
        datasets={datasets}
        selectedDataset={selectedDataset}
        constructions={constructionsQuery.data}
        revision={revision}
        state={state}
        onChange={updateState}
      />
      {!selectedDataset ? (
        <div
          role="alert"
          data-testid="graph-dataset-missing"
          className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
        >
          The dataset in this page’s address is not in “{project.name}” (it may have been deleted,
          or belong to another project). Choose one of this project’s datasets above.
        </div>
      ) : !hasReadyRevision(selectedDataset) || revision === null ? (
        <GraphDatasetStatus dataset={selectedDataset} />
      ) : (
        <GraphRevisionView
          key={`${selectedDataset.dataset_id}:${revision}`}
          dataset={selectedDataset}
          revision={revision}
          constructionsQuery={constructionsQuery}
          state={state}
          onChange={updateState}
        />
      )}
    </>
  );
}
