"use client";

import Link from "next/link";
import { useId } from "react";
import { type GraphPageState, graphNodeLimitOptions } from "@/hooks/use-graph-page-state";
import type { Construction } from "@/lib/contracts/construction";
import type { Dataset } from "@/lib/contracts/dataset";
import {
  type GraphColorBy,
  type GraphSizeBy,
  graphColorByOptions,
  graphSizeByOptions,
} from "@/lib/contracts/graph-layout-document";
import { colorByLabels, sizeByLabels } from "./graph-option-labels";

const selectClass =
  "block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100 disabled:text-slate-500";
const labelClass = "mb-1 block text-xs font-medium text-slate-700";

const statusWords: Record<Dataset["construction_status"], string> = {
  none: "not built yet",
  building: "building…",
  ready: "ready",
  failed: "build failed",
};

/** Why a dataset cannot be drawn, said in its option so the disabled entry explains itself. */
function datasetOptionLabel(dataset: Dataset): string {
  if (dataset.construction_revision !== null && dataset.construction_revision !== undefined) {
    return `${dataset.name} (revision ${dataset.construction_revision})`;
  }
  return `${dataset.name} — ${statusWords[dataset.construction_status]}`;
}

function revisionOptionLabel(construction: Construction, newestReady: number | null): string {
  if (construction.status !== "ready") {
    return `Revision ${construction.revision} — ${construction.status === "failed" ? "failed" : "building…"}`;
  }
  const newest = construction.revision === newestReady ? ", newest" : "";
  return `Revision ${construction.revision} (${construction.node_count} nodes, ${construction.edge_count} edges${newest})`;
}

/** Which dataset, revision and encoding to draw; every control is a native, labelled select. */
export function GraphControls({
  datasets,
  selectedDataset,
  constructions,
  revision,
  state,
  onChange,
}: {
  datasets: Dataset[];
  selectedDataset: Dataset | null;
  /** Undefined while the dataset's revisions load. */
  constructions: Construction[] | undefined;
  revision: number | null;
  state: GraphPageState;
  onChange: (change: Partial<GraphPageState>) => void;
}) {
  const datasetId = useId();
  const revisionId = useId();
  const colorId = useId();
  const sizeId = useId();
  const limitId = useId();
  const hintId = useId();
  const newestReady = selectedDataset?.construction_revision ?? null;
  const canDraw = newestReady !== null;

  return (
    <section
      aria-label="What to draw"
      data-testid="graph-controls"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-3">
          <label htmlFor={datasetId} className={labelClass}>
            Dataset
          </label>
          <select
            id={datasetId}
            className={selectClass}
            value={selectedDataset?.dataset_id ?? ""}
            onChange={(event) => onChange({ datasetId: event.target.value || null })}
            aria-describedby={hintId}
            data-testid="graph-dataset-select"
          >
            {selectedDataset ? null : <option value="">Choose a dataset…</option>}
            {datasets.map((dataset) => (
              <option
                key={dataset.dataset_id}
                value={dataset.dataset_id}
                disabled={
                  dataset.construction_revision === null ||
                  dataset.construction_revision === undefined
                }
              >
                {datasetOptionLabel(dataset)}
              </option>
            ))}
          </select>
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            Only datasets with a built graph can be drawn.{" "}
            <Link
              href="/datasets"
              className="text-blue-700 underline"
              data-testid="graph-datasets-link"
            >
              Build one on the Datasets page
            </Link>
            .
          </p>
        </div>
        <div className="lg:col-span-3">
          <label htmlFor={revisionId} className={labelClass}>
            Revision
          </label>
          <select
            id={revisionId}
            className={selectClass}
            value={revision ?? ""}
            onChange={(event) => onChange({ revision: Number(event.target.value) })}
            disabled={!canDraw || constructions === undefined}
            data-testid="graph-revision-select"
          >
            {!canDraw ? <option value="">No ready revision</option> : null}
            {canDraw && constructions === undefined ? (
              <option value={revision ?? ""}>Revision {revision} (loading…)</option>
            ) : null}
            {(constructions ?? []).map((construction) => (
              <option
                key={construction.construction_id}
                value={construction.revision}
                disabled={construction.status !== "ready"}
              >
                {revisionOptionLabel(construction, newestReady)}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:col-span-2">
          <label htmlFor={colorId} className={labelClass}>
            Colour by
          </label>
          <select
            id={colorId}
            className={selectClass}
            value={state.colorBy}
            onChange={(event) => onChange({ colorBy: event.target.value as GraphColorBy })}
            disabled={!canDraw}
            data-testid="graph-color-select"
          >
            {graphColorByOptions.map((option) => (
              <option key={option} value={option}>
                {colorByLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:col-span-2">
          <label htmlFor={sizeId} className={labelClass}>
            Size by
          </label>
          <select
            id={sizeId}
            className={selectClass}
            value={state.sizeBy}
            onChange={(event) => onChange({ sizeBy: event.target.value as GraphSizeBy })}
            disabled={!canDraw}
            data-testid="graph-size-select"
          >
            {graphSizeByOptions.map((option) => (
              <option key={option} value={option}>
                {sizeByLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:col-span-2">
          <label htmlFor={limitId} className={labelClass}>
            Draw at most
          </label>
          <select
            id={limitId}
            className={selectClass}
            value={state.limit}
            onChange={(event) => onChange({ limit: Number(event.target.value) })}
            disabled={!canDraw}
            data-testid="graph-limit-select"
          >
            {graphNodeLimitOptions.map((option) => (
              <option key={option} value={option}>
                {option.toLocaleString("en")} nodes
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}
