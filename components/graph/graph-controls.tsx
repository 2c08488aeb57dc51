"use client";

import { useId } from "react";
import { type GraphPageState, graphNodeLimitOptions } from "@/hooks/use-graph-page-state";
import type { Construction } from "@/lib/contracts/construction";
import type { Dataset } from "@/lib/contracts/dataset";
import { graphLabelClass, graphSelectClass } from "./graph-control-styles";
import { GraphDatasetSelect } from "./graph-dataset-select";
import { GraphRevisionSelect } from "./graph-revision-select";

/**
 * Which dataset, revision and how many nodes to draw, in one compact row so the drawing stays
 * above the fold; how to colour and size it sits beside the drawing. Native, labelled selects.
 */
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
  const limitId = useId();
  const newestReady = selectedDataset?.construction_revision ?? null;
  const canDraw = newestReady !== null;

  return (
    <section
      aria-label="What to draw"
      data-testid="graph-controls"
      className="mb-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-12">
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
        <div className="lg:col-span-3">
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
