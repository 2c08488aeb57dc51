import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModelCall } from "@/lib/contracts/model-call";
import type { BudgetExceeded } from "./decide-budget";
import { RunBudgetMeter } from "./run-budget-meter";

const modelCall = (inputTokens: number, outputTokens: number): ModelCall => ({
  purpose: "turn",
  model: "m",
  startedAt: new Date(),
  finishedAt: new Date(),
  inputTokens,
  outputTokens,
});

function meter(
  budget: Partial<{ max_tool_calls: number; max_seconds: number; max_tokens: number | null }>,
  usedBefore = { tool_calls: 0, tokens: 0, seconds: 0 },
) {
  const reached: BudgetExceeded[] = [];
  const instance = new RunBudgetMeter({
    budget: { max_tool_calls: 50, max_seconds: 900, max_tokens: null, ...budget },
    usedBefore,
    onExceeded: (exceeded) => reached.push(exceeded),
  });
  return { instance, reached };
}

describe("RunBudgetMeter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("starts two calls under a budget of 2, refuses every later one and says so once", () => {
    const { instance, reached } = meter({ max_tool_calls: 2 });
    instance.start();
    expect([instance.mayStartToolCall(), instance.mayStartToolCall()]).toEqual([true, true]);
    expect(instance.mayStartToolCall()).toBe(false);
    expect(instance.mayStartToolCall()).toBe(false);
    expect(reached).toEqual([{ budget: "tool_calls", limit: 2, used: 2 }]);
    expect(instance.used().tool_calls).toBe(2);
    instance.stop();
  });

  it("counts the calls of earlier phases of the run", () => {
    const { instance, reached } = meter(
      { max_tool_calls: 3 },
      { tool_calls: 3, tokens: 0, seconds: 0 },
    );
    instance.start();
    expect(instance.mayStartToolCall()).toBe(false);
    expect(reached[0]).toEqual({ budget: "tool_calls", limit: 3, used: 3 });
    instance.stop();
  });

  it("adds input and output tokens per model call and stops at the call that crosses the limit", async () => {
    const { instance, reached } = meter({ max_tokens: 500 });
    instance.start();
    await instance.onModelCall(modelCall(200, 50));
    expect(reached).toEqual([]);
    await instance.onModelCall(modelCall(230, 40));
    expect(reached).toEqual([{ budget: "tokens", limit: 500, used: 520 }]);
    // Once reached, nothing else starts.
    expect(instance.mayStartToolCall()).toBe(false);
    instance.stop();
  });

  it("stops the run when its seconds are up, counting what earlier phases used", () => {
    const { instance, reached } = meter(
      { max_seconds: 10 },
      { tool_calls: 0, tokens: 0, seconds: 4 },
    );
    instance.start();
    vi.advanceTimersByTime(5_900);
    expect(reached).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(reached).toEqual([{ budget: "seconds", limit: 10, used: 10 }]);
    instance.stop();
  });

  it("stops counting time when the phase stops (a pause for approval is not counted)", () => {
    const { instance, reached } = meter({ max_seconds: 10 });
    instance.start();
    vi.advanceTimersByTime(3_000);
    instance.stop();
    vi.advanceTimersByTime(60_000);
    expect(reached).toEqual([]);
    expect(instance.used().seconds).toBeCloseTo(3, 1);
  });
});
