"use client";

import dynamic from "next/dynamic";
import { useId, useState } from "react";
import type { ModelRecord } from "@/lib/contracts/ml-models";
import { secondaryButtonClass } from "../ui/button-styles";
import { ChartLoading } from "../ui/chart-loading";
import { formatMetric, metricLabel } from "./ml-labels";

// On demand: recharts is only downloaded by a page that draws a curve.
const TrainingCurvesChart = dynamic(
  () => import("./training-curves-chart").then((module) => module.TrainingCurvesChart),
  { ssr: false, loading: () => <ChartLoading height={300} /> },
);

const criterionLabel = {
  val_loss: "validation loss",
  val_accuracy: "validation accuracy",
  val_auc: "validation AUC",
} as const;

/**
 * A training's curves: the chart (hidden from assistive technology), a one-line summary for
 * screen readers, and the same numbers as a table behind "Show data" (the text alternative).
 */
export function TrainingCurves({ record }: { record: ModelRecord }) {
  const [showData, setShowData] = useState(false);
  const tableId = useId();
  const { curves, protocol } = record;
  const metric = metricLabel(protocol.metric);
  const keptIndex = curves.epoch.indexOf(protocol.keptEpoch);
  const stoppedEarly = protocol.epochsRun < protocol.maxEpochs;
  const outcome = protocol.early_stopping;
  const stoppedAt = outcome?.stopped_epoch ?? null;
  return (
    <figure className="space-y-2" data-testid="training-curves">
      <figcaption className="text-sm text-slate-700" data-testid="training-curves-summary">
        {curves.epoch.length} epochs ran (of at most {protocol.maxEpochs}
        {stoppedEarly
          ? `; early stopping ended the training${stoppedAt !== null ? ` at epoch ${stoppedAt}` : ""}`
          : ""}
        ); the model keeps epoch {protocol.keptEpoch}
        {outcome && outcome.criterion !== "last_epoch"
          ? `, the best by ${criterionLabel[outcome.criterion]}`
          : ""}
        , validation {metric.toLowerCase()} {formatMetric(curves.valMetric[keptIndex])}.
      </figcaption>
      <TrainingCurvesChart record={record} />
      <button
        type="button"
        className={secondaryButtonClass}
        aria-expanded={showData}
        aria-controls={tableId}
        onClick={() => setShowData((shown) => !shown)}
        data-testid="training-curves-toggle"
      >
        {showData ? "Hide data" : "Show data"}
      </button>
      <div id={tableId} hidden={!showData} className="max-h-72 overflow-auto">
        {showData ? (
          <table
            className="w-full text-left text-xs tabular-nums"
            data-testid="training-curves-table"
          >
            <caption className="sr-only">Per-epoch loss and validation {metric}</caption>
            <thead className="sticky top-0 bg-white text-slate-500">
              <tr>
                <th scope="col" className="pr-3">
                  Epoch
                </th>
                <th scope="col" className="pr-3">
                  Train loss
                </th>
                <th scope="col" className="pr-3">
                  Validation loss
                </th>
                <th scope="col" className="pr-3">
                  Validation {metric}
                </th>
              </tr>
            </thead>
            <tbody>
              {curves.epoch.map((epoch, index) => (
                <tr
                  key={epoch}
                  className={epoch === protocol.keptEpoch ? "bg-red-50 font-medium" : undefined}
                >
                  <th scope="row" className="pr-3 font-normal">
                    {epoch}
                    {epoch === protocol.keptEpoch ? " (kept)" : ""}
                    {epoch === stoppedAt && epoch !== protocol.keptEpoch ? " (stopped)" : ""}
                  </th>
                  <td className="pr-3">{formatMetric(curves.trainLoss[index])}</td>
                  <td className="pr-3">{formatMetric(curves.valLoss[index])}</td>
                  <td className="pr-3">{formatMetric(curves.valMetric[index])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </figure>
  );
}
