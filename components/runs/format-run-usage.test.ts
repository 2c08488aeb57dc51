import { describe, expect, it } from "vitest";
import { formatRunUsage, formatSeconds } from "./format-run-usage";

describe("formatRunUsage", () => {
  it("says what the run used in one line, tokens in and out together", () => {
    expect(
      formatRunUsage({
        model_calls: 3,
        input_tokens: 1200,
        output_tokens: 4,
        tool_calls: 4,
        seconds: 2.123,
      }),
    ).toBe("3 model calls · 1,204 tokens · 4 tool calls · 2.1 s");
  });

  it("uses the singular for one, and says 0 tokens for the offline model", () => {
    expect(
      formatRunUsage({
        model_calls: 1,
        input_tokens: 0,
        output_tokens: 0,
        tool_calls: 1,
        seconds: 0.04,
      }),
    ).toBe("1 model call · 0 tokens · 1 tool call · 0.0 s");
  });
});

describe("formatSeconds", () => {
  it("switches to minutes from one minute on", () => {
    expect(formatSeconds(59.94)).toBe("59.9 s");
    expect(formatSeconds(60)).toBe("1 min");
    expect(formatSeconds(125.4)).toBe("2 min 5 s");
  });
});
