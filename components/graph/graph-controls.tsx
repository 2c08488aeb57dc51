"use client";

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
import { graphLabelClass, graphSelectClass } from "./graph-control-styles";
import { GraphDatasetSelect } from "./graph-dataset-select";
import { colorByLabels, sizeByLabels } from "./graph-option-labels";
import { GraphRevisionSelect } from "./graph-revision-select";

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
  const colorId = useId();
  const sizeId = useId();
  const limitId = useId();
  const newestReady = selectedDataset?.construction_revision ?? null;
  const canDraw = newestReady !== null;

  return (
    <section
      aria-label="What to draw"
      data-testid="graph-controls"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <GraphDatasetSelect
          datasets={datasets}
          selectedDataset={selectedDataset}
          onSelect={(datasetId) => onChange({ datasetId })}
        />
        <GraphRevisionSelect
          constructions={constructions}
          revision={revision}
          newestReady={newestReady}
          onSelect={(revision) => onChange({ revision })}
        />
        <div className="lg:col-span-2">
          <label htmlFor={colorId} className={graphLabelClass}>
            Colour by
          </label>
          <select
            id={colorId}
            className={graphSelectClass}
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
          <label htmlFor={sizeId} className={graphLabelClass}>
            Size by
          </label>
          <select
            id={sizeId}
            className={graphSelectClass}
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
          <label htmlFor={limitId} className={graphLabelClass}>
            Draw at most
          </label>
          <select
            id={limitId}
            className={graphSelectClass}
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
