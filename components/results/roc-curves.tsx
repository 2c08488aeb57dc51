"use client";

import dynamic from "next/dynamic";
import { useId, useState } from "react";
import type { ModelRecord } from "@/lib/contracts/ml-models";
import { secondaryButtonClass } from "../ui/button-styles";
import { ChartLoading } from "../ui/chart-loading";
import { formatMetric } from "./ml-labels";
import type { RocSeries } from "./roc-curve-chart";

// On demand: recharts is only downloaded by a page that draws a curve.
const RocCurveChart = dynamic(
  () => import("./roc-curve-chart").then((module) => module.RocCurveChart),
  { ssr: false, loading: () => <ChartLoading height={300} /> },
);

const partNames = { test: "Test", val: "Validation" } as const;
const partColours = { test: "#7c3aed", val: "#059669" } as const;

/** The record's ROC curves as chart series, test first, each named with its part's AUC. */
export function rocSeries(record: ModelRecord): RocSeries[] {
  const roc = record.curves.roc;
  if (!roc) return [];
  return (["test", "val"] as const).flatMap((part) => {
    const points = roc[part];
    if (!points || points.length === 0) return [];
    const name = `${partNames[part]} (AUC ${formatMetric(record.metrics[part].auc)})`;
    return [{ key: part, label: partNames[part], name, points, colour: partColours[part] }];
  });
}

/**
 * A link predictor's ROC curves on its held-out edges: the chart (hidden from assistive
 * technology), a caption with the AUCs for everyone, and the points as a table behind "Show
 * data". Nothing for a node classifier or a record trained before the curves were saved.
 */
export function RocCurves({ record }: { record: ModelRecord }) {
  const [showData, setShowData] = useState(false);
  const tableId = useId();
  const series = rocSeries(record);
  if (series.length === 0) return null;
  return (
    <figure className="min-w-0 space-y-2" data-testid="roc-curves">
      <figcaption className="text-sm text-slate-700" data-testid="roc-curves-summary">
        ROC curve of the kept model on the held-out edges (each part with as many sampled
        non-edges): {series.map((entry) => entry.name).join(", ")}. The dashed diagonal is a random
        ranking.
      </figcaption>
      <RocCurveChart series={series} />
      <button
        type="button"
        className={secondaryButtonClass}
        aria-expanded={showData}
        aria-controls={tableId}
        onClick={() => setShowData((shown) => !shown)}
        data-testid="roc-curves-toggle"
      >
        {showData ? "Hide data" : "Show data"}
      </button>
      <div id={tableId} hidden={!showData} className="max-h-72 overflow-auto">
        {showData ? (
          <table className="w-full text-left text-xs tabular-nums" data-testid="roc-curves-table">
            <caption className="sr-only">ROC curve points</caption>
            <thead className="sticky top-0 bg-white text-slate-500">
              <tr>
                <th scope="col" className="pr-3">
                  Part
                </th>
                <th scope="col" className="pr-3">
                  False-positive rate
                </th>
                <th scope="col" className="pr-3">
                  True-positive rate
                </th>
              </tr>
            </thead>
            <tbody>
              {series.flatMap((entry) =>
                entry.points.map((point) => (
                  <tr key={`${entry.key}-${point.fpr}-${point.tpr}`}>
                    <th scope="row" className="pr-3 font-normal">
                      {entry.label}
                    </th>
                    <td className="pr-3">{formatMetric(point.fpr)}</td>
                    <td className="pr-3">{formatMetric(point.tpr)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        ) : null}
      </div>
    </figure>
  );
}
