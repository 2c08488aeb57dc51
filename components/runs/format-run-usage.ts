import type { RunUsage } from "@/lib/contracts/usage";

const numberFormat = new Intl.NumberFormat("en-US");

function count(value: number, one: string, many: string): string {
  return `${numberFormat.format(value)} ${value === 1 ? one : many}`;
}

/** Seconds as a person reads a run's length: one decimal below a minute, then minutes. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** A run's usage in one line: "3 model calls · 1,204 tokens · 4 tool calls · 2.1 s". */
export function formatRunUsage(usage: RunUsage): string {
  return [
    count(usage.model_calls, "model call", "model calls"),
    count(usage.input_tokens + usage.output_tokens, "token", "tokens"),
    count(usage.tool_calls, "tool call", "tool calls"),
    formatSeconds(usage.seconds),
  ].join(" · ");
}
