import type { RunUsage, UsageDayRow, UsageTotalRow } from "@/lib/contracts/usage";

/** What one run used of one model, on the UTC day the run started. */
export type DayModelUsage = RunUsage & { day: string; model: string };

/**
 * Sums usage by (day, model) and by model: days oldest first, each day's models by name;
 * totals by name. Seconds are summed at millisecond precision.
 */
export function usageByDay(rows: readonly DayModelUsage[]): {
  days: UsageDayRow[];
  totals: UsageTotalRow[];
} {
  const days = new Map<string, UsageDayRow>();
  const totals = new Map<string, UsageTotalRow>();
  for (const row of rows) {
    const key = `${row.day} ${row.model}`;
    const day = days.get(key) ?? { ...zero(), day: row.day, model: row.model };
    const total = totals.get(row.model) ?? { ...zero(), model: row.model };
    days.set(key, add(day, row));
    totals.set(row.model, add(total, row));
  }
  return {
    days: [...days.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || a.model.localeCompare(b.model),
    ),
    totals: [...totals.values()].sort((a, b) => a.model.localeCompare(b.model)),
  };
}

function zero(): RunUsage {
  return { model_calls: 0, input_tokens: 0, output_tokens: 0, tool_calls: 0, seconds: 0 };
}

function add<Row extends RunUsage>(sum: Row, usage: RunUsage): Row {
  return {
    ...sum,
    model_calls: sum.model_calls + usage.model_calls,
    input_tokens: sum.input_tokens + usage.input_tokens,
    output_tokens: sum.output_tokens + usage.output_tokens,
    tool_calls: sum.tool_calls + usage.tool_calls,
    seconds: Math.round((sum.seconds + usage.seconds) * 1000) / 1000,
  };
}
