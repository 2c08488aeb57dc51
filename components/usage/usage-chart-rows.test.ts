import { describe, expect, it } from "vitest";
import type { UsageDayRow } from "@/lib/contracts/usage";
import { usageChartRows } from "./usage-chart-rows";

const row = (day: string, model: string, change: Partial<UsageDayRow>): UsageDayRow => ({
  day,
  model,
  model_calls: 0,
  input_tokens: 0,
  output_tokens: 0,
  tool_calls: 0,
  seconds: 0,
  ...change,
});

describe("usageChartRows", () => {
  it("gives every day of the range a row, each model's value on it, quiet days at 0", () => {
    const { rows, models } = usageChartRows({
      days: [
        row("2026-12-01", "local-rules", { model_calls: 4 }),
        row("2026-12-03", "gpt-4o", { model_calls: 9, input_tokens: 100, output_tokens: 20 }),
        row("2026-12-03", "local-rules", { model_calls: 2 }),
      ],
      from: "2026-12-01",
      to: "2026-12-03",
      metric: "model_calls",
    });
    expect(models).toEqual(["gpt-4o", "local-rules"]);
    expect(rows).toEqual([
      { day: "2026-12-01", "gpt-4o": 0, "local-rules": 4 },
      { day: "2026-12-02", "gpt-4o": 0, "local-rules": 0 },
      { day: "2026-12-03", "gpt-4o": 9, "local-rules": 2 },
    ]);
  });

  it("counts tokens in and out together", () => {
    const { rows } = usageChartRows({
      days: [row("2026-12-03", "gpt-4o", { input_tokens: 100, output_tokens: 20 })],
      from: "2026-12-03",
      to: "2026-12-03",
      metric: "tokens",
    });
    expect(rows).toEqual([{ day: "2026-12-03", "gpt-4o": 120 }]);
  });
});
