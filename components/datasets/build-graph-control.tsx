"use client";

import Link from "next/link";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { useBuildChoices } from "@/hooks/use-build-choices";
import { useConstructDataset } from "@/hooks/use-construct-dataset";
import { type Construction, constructionFailureDetailsSchema } from "@/lib/contracts/construction";
import type { ConstructionError, Dataset } from "@/lib/contracts/dataset";
import { secondaryButtonClass } from "../ui/button-styles";
import { ProgressBar } from "../ui/progress-bar";
import { BuildOptionsFields } from "./build-options-fields";
import { ConstructionErrorText } from "./construction-error-text";
import { ConstructionStatusBadge } from "./construction-status-badge";
import { GraphSummary } from "./graph-summary";

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

/** What a screen reader hears once a build is saved. */
/** A column as the build names it: "amount" is "column amount"; a header-less "column 3" stays. */
function columnName(column: string | null): string {
  return /^column \d+$/.test(column ?? "") ? (column as string) : `column ${column ?? "?"}`;
}

function builtAnnouncement(input: { name: string; construction: Construction }): string {
  const { construction } = input;
  const weights = construction.weighted
    ? `, weighted (edge weights from ${columnName(construction.weight_column)})`
    : construction.weighted === false
      ? ", unweighted"
      : "";
  const direction = construction.directed ? "directed" : "undirected";
  return `Graph of ${input.name} built: revision ${construction.revision}, ${construction.node_count} nodes, ${construction.edge_count} edges, ${direction}${weights}.`;
}

/**
 * A dataset's graph status with the action that (re)builds it, and how to build it: directed or
 * not, which numeric column holds the edge weights, which node table gives node properties. The
 * choices start from what the current revision was built with (a rebuild keeps them), or for a
 * first build from what the file suggests. A small upload is built during the request; a large
 * one runs as a background job whose progress bar shows here until it ends.
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
  const build = useBuildChoices(dataset);
  const construct = useConstructDataset({ projectId });
  const isBuilding = construct.isPending || dataset.construction_status === "building";
  const hasReadyRevision =
    dataset.construction_revision !== null && dataset.construction_revision !== undefined;
  const current = build.current;
  // The request's own error is the freshest; the list's one survives a reload.
  const shownError = construct.isError
    ? toConstructionError(construct.error)
    : construct.isPending
      ? null
      : dataset.construction_error;
  const nodeTableName = (id: string | null) =>
    id
      ? (nodeTableCandidates.find((candidate) => candidate.dataset_id === id)?.name ?? null)
      : null;

  const announcement = construct.isSuccess
    ? builtAnnouncement({ name: dataset.name, construction: construct.data })
    : construct.isError && shownError
      ? `The graph of ${dataset.name} could not be built: ${shownError.message}`
      : "";

  return (
    <div className="min-w-0 space-y-2" data-testid="build-graph-control">
      <ConstructionStatusBadge
        status={construct.isPending ? "building" : dataset.construction_status}
        revision={dataset.construction_revision}
      />
      {current && !construct.isPending ? (
        <GraphSummary
          construction={current}
          nodeTableName={nodeTableName(current.nodes_dataset_id)}
        />
      ) : null}
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
      {build.hasOptions ? (
        <BuildOptionsFields
          datasetName={dataset.name}
          isCsv={build.isCsv}
          choices={build.choices}
          onChange={build.change}
          disabled={isBuilding}
          weightChoiceKnown={build.weightChoiceKnown}
          weightOptions={build.weightOptions}
          nodeTableCandidates={nodeTableCandidates}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={isBuilding}
          aria-busy={construct.isPending}
          onClick={() =>
            construct.mutate(
              { datasetId: dataset.dataset_id, options: build.requestOptions() },
              { onSuccess: build.reset },
            )
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
