"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useDatasets } from "@/hooks/use-datasets";
import type { Dataset } from "@/lib/contracts/dataset";
import { ConstructionStatusBadge } from "../../datasets/construction-status-badge";
import { quietButtonClass, secondaryButtonClass } from "../../ui/button-styles";

/**
 * Chooses the datasets attached to the next message: the project's datasets with whether a graph
 * has been built from each (the agent loads a ready one instead of rebuilding it, SS-3).
 */
export function AttachmentPicker({
  projectId,
  selected,
  onChange,
  disabled,
}: {
  projectId: string;
  selected: string[];
  onChange: (datasetIds: string[]) => void;
  disabled: boolean;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const datasetsQuery = useDatasets(projectId);
  const datasets = datasetsQuery.data ?? [];
  const byId = new Map(datasets.map((dataset) => [dataset.dataset_id, dataset]));
  const toggle = (dataset: Dataset, checked: boolean) =>
    onChange(
      checked
        ? [...selected, dataset.dataset_id]
        : selected.filter((id) => id !== dataset.dataset_id),
    );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          disabled={disabled}
          data-testid="attach-button"
        >
          <span aria-hidden="true">▦</span>
          Attach datasets{selected.length > 0 ? ` (${selected.length})` : ""}
        </button>
        {selected.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Datasets attached to this message">
            {selected.map((id) => (
              <li
                key={id}
                data-testid="selected-attachment"
                data-dataset-id={id}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2 text-xs text-slate-800 ring-1 ring-slate-300"
              >
                {byId.get(id)?.name ?? id}
                <button
                  type="button"
                  className="rounded-full px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                  aria-label={`Remove ${byId.get(id)?.name ?? "dataset"}`}
                  onClick={() => onChange(selected.filter((other) => other !== id))}
                  disabled={disabled}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {open ? (
        <fieldset
          id={panelId}
          className="rounded-md border border-slate-200 bg-white p-3"
          data-testid="attachment-picker"
        >
          <legend className="px-1 text-xs font-medium text-slate-700">
            Datasets of this project
          </legend>
          {datasetsQuery.isPending ? (
            <p className="text-xs text-slate-500" aria-busy="true">
              Loading datasets…
            </p>
          ) : datasetsQuery.isError ? (
            <p role="alert" className="text-xs text-red-800">
              The datasets could not be loaded.{" "}
              <button
                type="button"
                className={quietButtonClass}
                onClick={() => datasetsQuery.refetch()}
              >
                Retry
              </button>
            </p>
          ) : datasets.length === 0 ? (
            <p className="text-xs text-slate-600" data-testid="attachment-picker-empty">
              No datasets yet.{" "}
              <Link href="/datasets" className="font-medium text-blue-700 underline">
                Upload one on the Datasets page
              </Link>
              .
            </p>
          ) : (
            <ul className="space-y-1.5">
              {datasets.map((dataset) => (
                <li key={dataset.dataset_id}>
                  <label
                    className="flex cursor-pointer items-center gap-2 text-sm"
                    data-testid="attachment-option"
                    data-dataset-id={dataset.dataset_id}
                    data-dataset-name={dataset.name}
                  >
                    <input
                      type="checkbox"
                      checked={selected.includes(dataset.dataset_id)}
                      onChange={(event) => toggle(dataset, event.target.checked)}
                      disabled={disabled}
                      className="size-4"
                    />
                    <span className="font-medium text-slate-900">{dataset.name}</span>
                    <span className="text-xs text-slate-500">{dataset.original_filename}</span>
                    <ConstructionStatusBadge
                      status={dataset.construction_status}
                      revision={dataset.construction_revision}
                    />
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}
