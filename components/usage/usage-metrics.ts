import type { RunUsage } from "@/lib/contracts/usage";
import { formatSeconds } from "../runs/format-run-usage";

/** What the chart can count per day. */
export type UsageMetric = "tokens" | "model_calls" | "tool_calls" | "seconds";

export const usageMetrics: { value: UsageMetric; label: string }[] = [
  { value: "tokens", label: "Tokens" },
  { value: "model_calls", label: "Model calls" },
  { value: "tool_calls", label: "Tool calls" },
  { value: "seconds", label: "Seconds" },
];

/** The metric's value of one usage row (tokens: in and out together). */
export function metricValue(usage: RunUsage, metric: UsageMetric): number {
  return metric === "tokens" ? usage.input_tokens + usage.output_tokens : usage[metric];
}

const numberFormat = new Intl.NumberFormat("en-US");

/** A metric's value as the tables and the chart's tooltip show it. */
export function formatMetricValue(value: number, metric: UsageMetric): string {
  return metric === "seconds" ? formatSeconds(value) : numberFormat.format(value);
}
