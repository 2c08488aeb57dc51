import { describe, expect, it } from "vitest";
import { decideAfterModelCall, decideToolCallStart, remainingMilliseconds } from "./decide-budget";

const budget = { max_tool_calls: 2, max_seconds: 60, max_tokens: 1000 };
const used = (change: Partial<{ tool_calls: number; tokens: number; seconds: number }>) => ({
  tool_calls: 0,
  tokens: 0,
  seconds: 0,
  ...change,
});

describe("decideToolCallStart", () => {
  it("lets exactly max_tool_calls calls start and refuses the next one", () => {
    expect(decideToolCallStart({ budget, used: used({ tool_calls: 0 }) })).toBeNull();
    expect(decideToolCallStart({ budget, used: used({ tool_calls: 1 }) })).toBeNull();
    expect(decideToolCallStart({ budget, used: used({ tool_calls: 2 }) })).toEqual({
      budget: "tool_calls",
      limit: 2,
      used: 2,
    });
  });
});

describe("decideAfterModelCall", () => {
  it("goes on while tokens are left", () => {
    expect(decideAfterModelCall({ budget, used: used({ tokens: 999 }) })).toBeNull();
  });

  it("makes the call that reaches or crosses max_tokens the last one", () => {
    expect(decideAfterModelCall({ budget, used: used({ tokens: 1000 }) })).toEqual({
      budget: "tokens",
      limit: 1000,
      used: 1000,
    });
    expect(decideAfterModelCall({ budget, used: used({ tokens: 4321 }) })).toEqual({
      budget: "tokens",
      limit: 1000,
      used: 4321,
    });
  });

  it("never stops a run without a token limit", () => {
    const unlimited = { ...budget, max_tokens: null };
    expect(decideAfterModelCall({ budget: unlimited, used: used({ tokens: 10 ** 9 }) })).toBeNull();
  });
});

describe("remainingMilliseconds", () => {
  it("is what is left of max_seconds after the seconds earlier phases used", () => {
    expect(remainingMilliseconds({ budget, used: used({ seconds: 45.5 }) })).toBe(14_500);
  });

  it("is zero once the time is used up", () => {
    expect(remainingMilliseconds({ budget, used: used({ seconds: 75 }) })).toBe(0);
  });
});
