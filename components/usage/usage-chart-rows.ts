import type { UsageDayRow } from "@/lib/contracts/usage";
import { metricValue, type UsageMetric } from "./usage-metrics";

/** One day of the chart: the day and one value per model (0 when the model was not used). */
export type UsageChartRow = { day: string } & Record<string, number | string>;

const dayMs = 24 * 60 * 60 * 1000;
// Beyond a year the chart shows the days with usage only, not a bar slot for every day.
const maximumFilledDays = 366;

/**
 * The chart's rows: every UTC day from `from` to `to` (so quiet days show as gaps, not as
 * missing), each with the metric per model; and the models in the order of their totals.
 */
export function usageChartRows(input: {
  days: readonly UsageDayRow[];
  from: string;
  to: string;
  metric: UsageMetric;
}): { rows: UsageChartRow[]; models: string[] } {
  const totals = new Map<string, number>();
  for (const row of input.days) {
    totals.set(row.model, (totals.get(row.model) ?? 0) + metricValue(row, input.metric));
  }
  const models = [...totals.keys()].sort(
    (a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || a.localeCompare(b),
  );
  const byDay = new Map<string, UsageChartRow>();
  const start = Date.parse(`${input.from}T00:00:00Z`);
  const end = Date.parse(`${input.to}T00:00:00Z`);
  if ((end - start) / dayMs < maximumFilledDays) {
    for (let time = start; time <= end; time += dayMs) {
      const day = new Date(time).toISOString().slice(0, 10);
      byDay.set(day, emptyRow(day, models));
    }
  }
  for (const row of input.days) {
    const chartRow = byDay.get(row.day) ?? emptyRow(row.day, models);
    chartRow[row.model] = Number(chartRow[row.model] ?? 0) + metricValue(row, input.metric);
    byDay.set(row.day, chartRow);
  }
  const rows = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
  return { rows, models };
}

function emptyRow(day: string, models: readonly string[]): UsageChartRow {
  const row: UsageChartRow = { day };
  for (const model of models) row[model] = 0;
  return row;
}
