"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { UsageChartRow } from "./usage-chart-rows";
import { formatMetricValue, type UsageMetric } from "./usage-metrics";

// A fixed palette: a model keeps its colour while the range changes (models are ordered by use).
const palette = ["#2563eb", "#059669", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#65a30d"];

/**
 * The project's usage per UTC day as stacked bars, one colour per model. Loaded on demand
 * (usage-view.tsx): recharts stays out of other pages' bundles. Animation is off so the drawing
 * is final at once. The per-day table below it is its text alternative.
 */
export function UsageChart({
  rows,
  models,
  metric,
}: {
  rows: UsageChartRow[];
  models: string[];
  metric: UsageMetric;
}) {
  return (
    <div data-testid="usage-chart" data-day-count={rows.length} aria-hidden="true">
      <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 640, height: 260 }}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} minTickGap={16} />
          <YAxis width={56} allowDecimals={metric === "seconds"} />
          <Tooltip formatter={(value) => formatMetricValue(Number(value), metric)} />
          <Legend />
          {models.map((model, index) => (
            <Bar
              key={model}
              // A function, not the name: a model id like "gpt-4.1" would be read as a path.
              dataKey={(row: UsageChartRow) => Number(row[model] ?? 0)}
              name={model}
              stackId="usage"
              fill={palette[index % palette.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
