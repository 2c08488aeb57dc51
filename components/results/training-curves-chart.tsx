"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ModelRecord } from "@/lib/contracts/ml-models";
import { metricLabel } from "./ml-labels";

/** One row per epoch that ran, in the chart's terms. */
export type CurvePoint = { epoch: number; trainLoss: number; valLoss: number; valMetric: number };

/** The record's curves as chart rows (the arrays are parallel, one entry per epoch run). */
export function curvePoints(curves: ModelRecord["curves"]): CurvePoint[] {
  return curves.epoch.map((epoch, index) => ({
    epoch,
    trainLoss: curves.trainLoss[index] ?? Number.NaN,
    valLoss: curves.valLoss[index] ?? Number.NaN,
    valMetric: curves.valMetric[index] ?? Number.NaN,
  }));
}

/**
 * Per-epoch loss (left axis) and validation metric (right axis) of one training, with the kept
 * epoch (the best validation epoch, whose weights the model saved) marked by a line and a dot,
 * and the epoch early stopping ended the training at by a second line.
 * Loaded on demand (training-curves.tsx): recharts stays out of every other page's bundle.
 * Animation is off so the drawing is final at once (and the same on every visit).
 */
export function TrainingCurvesChart({ record }: { record: ModelRecord }) {
  const points = curvePoints(record.curves);
  // The best epoch early stopping kept (older records name only the kept epoch).
  const kept = record.protocol.early_stopping?.best_epoch ?? record.protocol.keptEpoch;
  const stopped = record.protocol.early_stopping?.stopped_epoch ?? null;
  const keptPoint = points.find((point) => point.epoch === kept);
  const metric = metricLabel(record.protocol.metric);
  // A mark's label goes on the side of its line with more room, so an early kept epoch or a
  // late stop keeps its label inside a narrow chart.
  const first = points[0]?.epoch ?? kept;
  const last = points.at(-1)?.epoch ?? kept;
  const inLeftHalf = (epoch: number) => epoch - first <= (last - first) / 2;
  return (
    <div data-testid="training-curves-chart" data-point-count={points.length} aria-hidden="true">
      <ResponsiveContainer width="100%" height={300} initialDimension={{ width: 640, height: 300 }}>
        <LineChart data={points} margin={{ top: 16, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            dataKey="epoch"
            type="number"
            domain={["dataMin", "dataMax"]}
            allowDecimals={false}
          />
          <YAxis yAxisId="loss" width={56} />
          <YAxis yAxisId="metric" orientation="right" domain={[0, 1]} width={48} />
          <Tooltip />
          <Legend />
          <Line
            yAxisId="loss"
            dataKey="trainLoss"
            name="Train loss"
            stroke="#2563eb"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="loss"
            dataKey="valLoss"
            name="Validation loss"
            stroke="#f59e0b"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="metric"
            dataKey="valMetric"
            name={`Validation ${metric}`}
            stroke="#059669"
            // One dot per epoch; recharts draws dots in a layer of their own, so they carry
            // their own class (the e2e spec counts them).
            dot={{ r: 1.5, className: "val-metric-dot" }}
            isAnimationActive={false}
          />
          <ReferenceLine
            yAxisId="metric"
            x={kept}
            stroke="#dc2626"
            strokeDasharray="4 2"
            label={{
              value: `kept epoch ${kept}`,
              position: inLeftHalf(kept) ? "insideTopLeft" : "insideTopRight",
              fill: "#b91c1c",
            }}
          />
          {stopped !== null && stopped !== kept ? (
            <ReferenceLine
              yAxisId="metric"
              x={stopped}
              stroke="#475569"
              strokeDasharray="2 2"
              label={{
                value: `stopped ${stopped}`,
                position: inLeftHalf(stopped) ? "insideBottomLeft" : "insideBottomRight",
                fill: "#334155",
              }}
            />
          ) : null}
          {keptPoint ? (
            <ReferenceDot
              yAxisId="metric"
              x={kept}
              y={keptPoint.valMetric}
              r={5}
              fill="#dc2626"
              stroke="#ffffff"
              className="kept-epoch-dot"
            />
          ) : null}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
