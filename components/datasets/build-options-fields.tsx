"use client";

import { useId } from "react";
import type { BuildChoices } from "@/hooks/use-build-choices";
import type { Dataset } from "@/lib/contracts/dataset";

const selectClass =
  "mt-0.5 block w-full max-w-48 rounded-md border border-slate-300 bg-white px-1.5 py-1 text-xs";

/**
 * How to build an edge list: directed or not; for a CSV also which numeric column holds the
 * edge weights ("None": unweighted) and which node table gives node properties.
 */
export function BuildOptionsFields({
  datasetName,
  isCsv,
  choices,
  onChange,
  disabled,
  weightChoiceKnown,
  weightOptions,
  nodeTableCandidates,
}: {
  datasetName: string;
  isCsv: boolean;
  choices: BuildChoices;
  onChange: (change: Partial<BuildChoices>) => void;
  disabled: boolean;
  /** False until the table's columns are read: the select waits, the server picks the weights. */
  weightChoiceKnown: boolean;
  weightOptions: string[];
  nodeTableCandidates: Dataset[];
}) {
  const nodeTableId = useId();
  const weightColumnId = useId();
  return (
    <fieldset
      className="space-y-1.5 rounded-md border border-slate-200 p-2"
      data-testid="build-options"
    >
      <legend className="px-1 text-xs font-medium text-slate-600">
        Build options<span className="sr-only"> for {datasetName}</span>
      </legend>
      <label className="flex items-center gap-1.5 text-xs text-slate-700">
        <input
          type="checkbox"
          checked={choices.directed}
          onChange={(event) => onChange({ directed: event.target.checked })}
          disabled={disabled}
          data-testid="directed-checkbox"
        />
        Directed (source → target)
      </label>
      {isCsv ? (
        <div>
          <label htmlFor={weightColumnId} className="block text-xs text-slate-600">
            Edge weight column
          </label>
          <select
            id={weightColumnId}
            value={weightChoiceKnown ? choices.weightColumn : ""}
            onChange={(event) => onChange({ weightColumn: event.target.value })}
            disabled={disabled || !weightChoiceKnown}
            data-testid="weight-column-select"
            className={selectClass}
          >
            <option value="">
              {weightChoiceKnown ? "None (unweighted)" : "Reading the columns…"}
            </option>
            {weightOptions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {isCsv && nodeTableCandidates.length > 0 ? (
        <div>
          <label htmlFor={nodeTableId} className="block text-xs text-slate-600">
            Node table
          </label>
          <select
            id={nodeTableId}
            value={choices.nodesDatasetId}
            onChange={(event) => onChange({ nodesDatasetId: event.target.value })}
            disabled={disabled}
            data-testid="node-table-select"
            className={selectClass}
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
    </fieldset>
  );
}
