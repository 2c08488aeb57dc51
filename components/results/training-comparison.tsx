"use client";

import Link from "next/link";
import type { TrainingGroup, TrainingSummary } from "@/lib/contracts/ml-models";
import { quietButtonClass } from "../ui/button-styles";
import { formatMetric, metricLabel, shortId, splitLabel, taskLabel } from "./ml-labels";

type Experiment = TrainingGroup["experiments"][number];

function headline(group: TrainingGroup, experiment: Experiment, part: "val" | "test") {
  const metrics = experiment.metrics[part];
  return group.metric === "accuracy" ? metrics.accuracy : metrics.auc;
}

function groupTitle(group: TrainingGroup): string {
  const dataset = group.dataset_name ?? group.dataset_id ?? "a deleted dataset";
  const revision = group.revision !== null ? `, revision ${group.revision}` : "";
  return `${dataset}${revision} · ${taskLabel(group.task)} · ${splitLabel(group.split)}`;
}

/**
 * `project_training_summary` as tables: one per group of comparable experiments (same dataset,
 * revision, task and split), so metrics of different groups never share a column (JOB-5). The
 * backend read each row's config, metrics and model id together.
 */
export function TrainingComparison({
  summary,
  selectedModelId,
  onSelect,
}: {
  summary: TrainingSummary;
  selectedModelId: string | null;
  onSelect: (modelId: string) => void;
}) {
  return (
    <div className="space-y-6">
      {summary.groups.map((group) => {
        const metric = metricLabel(group.metric);
        return (
          <section
            key={group.group_key}
            className="rounded-lg border border-slate-200 bg-white p-4"
            data-testid="comparison-group"
            data-dataset-name={group.dataset_name ?? ""}
            aria-label={`Comparable experiments: ${groupTitle(group)}`}
          >
            <h3 className="text-sm font-semibold text-slate-900">{groupTitle(group)}</h3>
            <p className="mt-0.5 text-xs text-slate-600">
              {group.experiments.length}{" "}
              {group.experiments.length === 1 ? "experiment" : "experiments"} on the same data, task
              and split: their {metric.toLowerCase()} can be compared here, and only here.
            </p>
            {/* Positioned: the sr-only header text is absolute and would otherwise escape the
                scroll box and widen a narrow page. */}
            <div className="relative mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="comparison-table">
                <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Model
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Record
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Seed
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Epochs (kept / run)
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Validation {metric}
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Test {metric}
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      <span className="sr-only">Curves</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {group.experiments.map((experiment) => {
                    const selected = experiment.model_id === selectedModelId;
                    return (
                      <tr
                        key={experiment.model_id}
                        className={`border-b border-slate-100 ${selected ? "bg-blue-50" : ""}`}
                        data-testid="comparison-row"
                        data-model-id={experiment.model_id}
                      >
                        <td className="py-1 pr-3 font-medium">{experiment.model}</td>
                        <td className="py-1 pr-3">
                          <Link
                            href={`/results/models/${encodeURIComponent(experiment.model_id)}`}
                            className="font-mono text-xs text-blue-700 underline"
                            title={experiment.model_id}
                          >
                            {shortId(experiment.model_id)}
                          </Link>
                        </td>
                        <td className="py-1 pr-3 tabular-nums">{experiment.protocol.seed}</td>
                        <td className="py-1 pr-3 tabular-nums">
                          {experiment.protocol.keptEpoch} / {experiment.protocol.epochsRun}
                        </td>
                        <td className="py-1 pr-3 tabular-nums" data-testid="comparison-val">
                          {formatMetric(headline(group, experiment, "val"))}
                        </td>
                        <td className="py-1 pr-3 tabular-nums" data-testid="comparison-test">
                          {formatMetric(headline(group, experiment, "test"))}
                        </td>
                        <td className="py-1 pr-3">
                          <button
                            type="button"
                            className={quietButtonClass}
                            aria-pressed={selected}
                            onClick={() => onSelect(experiment.model_id)}
                            data-testid="comparison-show-curves"
                          >
                            {selected ? "Curves shown" : "Show curves"}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      {summary.excluded.length > 0 ? (
        <p className="text-xs text-amber-900" data-testid="comparison-excluded">
          Left out, because their figures could not be verified:{" "}
          {summary.excluded
            .map((entry) => `${shortId(entry.model_id)} (${entry.reason})`)
            .join("; ")}
          .
        </p>
      ) : null}
    </div>
  );
}
