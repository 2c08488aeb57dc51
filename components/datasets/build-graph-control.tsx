"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { useConstructDataset } from "@/hooks/use-construct-dataset";
import { constructionFailureDetailsSchema } from "@/lib/contracts/construction";
import type { ConstructionError, Dataset } from "@/lib/contracts/dataset";
import { secondaryButtonClass } from "../ui/button-styles";
import { ProgressBar } from "../ui/progress-bar";
import { ConstructionErrorText } from "./construction-error-text";
import { ConstructionStatusBadge } from "./construction-status-badge";

/** The failed request as the row shows it, with the source position when the server sent one. */
function toConstructionError(error: unknown): ConstructionError {
  if (error instanceof ApiRequestError) {
    const details = constructionFailureDetailsSchema.safeParse(error.details);
    return {
      code: error.code,
      message: error.message,
      line: details.success ? details.data.line : undefined,
      column: details.success ? details.data.column : undefined,
    };
  }
  return {
    code: "UNEXPECTED_ERROR",
    message: error instanceof Error ? error.message : "The graph could not be built.",
  };
}

/**
 * A dataset's graph status with the action that (re)builds it. A small upload is built during
 * the request; a large one runs as a background job whose progress bar (stage, percent,
 * message) shows here until it ends. The button stays disabled and says so meanwhile.
 */
export function BuildGraphControl({
  dataset,
  projectId,
  nodeTableCandidates,
}: {
  dataset: Dataset;
  projectId: string;
  /** Other CSV datasets of the project that could serve as this CSV's node table. */
  nodeTableCandidates: Dataset[];
}) {
  const nodeTableId = useId();
  const [nodesDatasetId, setNodesDatasetId] = useState("");
  const construct = useConstructDataset({ projectId });
  const isBuilding = construct.isPending || dataset.construction_status === "building";
  const hasReadyRevision =
    dataset.construction_revision !== null && dataset.construction_revision !== undefined;
  // The request's own error is the freshest; the list's one survives a reload.
  const shownError = construct.isError
    ? toConstructionError(construct.error)
    : construct.isPending
      ? null
      : dataset.construction_error;

  let announcement = "";
  if (construct.isSuccess) {
    const { weighted, weight_column: weightColumn } = construct.data;
    const weights = weighted
      ? `, weighted (edge weights from ${/^column \d+$/.test(weightColumn ?? "") ? weightColumn : `column ${weightColumn ?? "?"}`})`
      : weighted === false
        ? ", unweighted"
        : "";
    announcement = `Graph of ${dataset.name} built: revision ${construct.data.revision}, ${construct.data.node_count} nodes, ${construct.data.edge_count} edges${weights}.`;
  } else if (construct.isError && shownError) {
    announcement = `The graph of ${dataset.name} could not be built: ${shownError.message}`;
  }

  return (
    <div className="space-y-2" data-testid="build-graph-control">
      <ConstructionStatusBadge
        status={construct.isPending ? "building" : dataset.construction_status}
        revision={dataset.construction_revision}
      />
      {construct.isPending && construct.progress ? (
        <div className="max-w-64 space-y-1 text-xs text-slate-700" data-testid="build-progress">
          <p className="flex gap-2">
            <span className="font-medium">{construct.progress.stage}</span>
            <span className="truncate">{construct.progress.message}</span>
          </p>
          <ProgressBar
            value={construct.progress.pct}
            label={`Building the graph of ${dataset.name}`}
            testId="build-progress-bar"
          />
        </div>
      ) : null}
      {shownError ? <ConstructionErrorText error={shownError} /> : null}
      {dataset.kind === "csv" && nodeTableCandidates.length > 0 ? (
        <div>
          <label htmlFor={nodeTableId} className="block text-xs text-slate-600">
            Node table
          </label>
          <select
            id={nodeTableId}
            value={nodesDatasetId}
            onChange={(event) => setNodesDatasetId(event.target.value)}
            disabled={isBuilding}
            data-testid="node-table-select"
            className="mt-0.5 block w-full max-w-48 rounded-md border border-slate-300 bg-white px-1.5 py-1 text-xs"
          >
            <option value="">None (edge list only)</option>
            {nodeTableCandidates.map((candidate) => (
              <option key={candidate.dataset_id} value={candidate.dataset_id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={isBuilding}
          aria-busy={construct.isPending}
          onClick={() =>
            construct.mutate({
              datasetId: dataset.dataset_id,
              nodesDatasetId: nodesDatasetId || undefined,
            })
          }
          data-testid="build-graph-button"
        >
          {isBuilding ? (
            <>
              <span
                aria-hidden="true"
                className="size-3 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600"
              />
              Building…
            </>
          ) : hasReadyRevision ? (
            "Rebuild"
          ) : (
            "Build graph"
          )}
          <span className="sr-only"> {dataset.name}</span>
        </button>
        {hasReadyRevision && !isBuilding ? (
          <Link
            href={`/graph?dataset=${encodeURIComponent(dataset.dataset_id)}`}
            className="text-xs font-medium text-blue-700 underline"
            data-testid="view-graph-link"
          >
            View graph<span className="sr-only"> of {dataset.name}</span>
          </Link>
        ) : null}
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
