"use client";

import Link from "next/link";
import { useId } from "react";
import type { Dataset } from "@/lib/contracts/dataset";
import { graphLabelClass, graphSelectClass } from "./graph-control-styles";

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

/** The dataset to draw; only datasets with a built graph can be chosen. */
export function GraphDatasetSelect({
  datasets,
  selectedDataset,
  onSelect,
}: {
  datasets: Dataset[];
  selectedDataset: Dataset | null;
  onSelect: (datasetId: string | null) => void;
}) {
  const datasetId = useId();
  const hintId = useId();
  return (
    <div className="lg:col-span-5">
      <label htmlFor={datasetId} className={graphLabelClass}>
        Dataset
      </label>
      <select
        id={datasetId}
        className={graphSelectClass}
        value={selectedDataset?.dataset_id ?? ""}
        onChange={(event) => onSelect(event.target.value || null)}
        aria-describedby={hintId}
        data-testid="graph-dataset-select"
      >
        {selectedDataset ? null : <option value="">Choose a dataset…</option>}
        {datasets.map((dataset) => (
          <option
            key={dataset.dataset_id}
            value={dataset.dataset_id}
            disabled={
              dataset.construction_revision === null || dataset.construction_revision === undefined
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
  );
}
