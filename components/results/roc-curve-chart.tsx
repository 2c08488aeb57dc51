"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import type { RocCurve } from "@/lib/contracts/roc-curve";

/** One curve to draw: its part, its name in the legend (with its AUC), points and colour. */
export type RocSeries = {
  key: string;
  label: string;
  name: string;
  points: RocCurve;
  colour: string;
};

// A random ranking's ROC curve: the chance diagonal every curve is read against.
const chanceDiagonal: RocCurve = [
  { fpr: 0, tpr: 0 },
  { fpr: 1, tpr: 1 },
];

/**
 * A link predictor's ROC curves (true- against false-positive rate on the held-out edges),
 * the chance diagonal dashed. Loaded on demand (roc-curves.tsx), like the training curves, so
 * recharts stays out of other pages' bundles; animation off so the drawing is final at once.
 */
export function RocCurveChart({ series }: { series: RocSeries[] }) {
  return (
    <div
      data-testid="roc-curve-chart"
      data-point-count={series.reduce((count, entry) => count + entry.points.length, 0)}
      aria-hidden="true"
    >
      <ResponsiveContainer width="100%" height={300} initialDimension={{ width: 360, height: 300 }}>
        <LineChart margin={{ top: 16, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            dataKey="fpr"
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            label={{ value: "False-positive rate", position: "insideBottom", offset: -4 }}
            height={40}
          />
          <YAxis
            dataKey="tpr"
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            width={64}
            label={{ value: "True-positive rate", angle: -90, position: "insideLeft", dy: 48 }}
          />
          {/* In drawing order (test, validation, chance), not sorted by name. */}
          <Legend verticalAlign="top" itemSorter={null} />
          {series.map((entry) => (
            <Line
              key={entry.key}
              data={entry.points}
              dataKey="tpr"
              name={entry.name}
              stroke={entry.colour}
              dot={false}
              type="linear"
              isAnimationActive={false}
            />
          ))}
          <Line
            data={chanceDiagonal}
            dataKey="tpr"
            name="Chance (AUC 0.5)"
            stroke="#94a3b8"
            strokeDasharray="4 4"
            dot={false}
            type="linear"
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
