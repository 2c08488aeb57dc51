import { describe, expect, it } from "vitest";
import { budgetPlaceholder, emptyBudgetDraft, readBudgetDraft } from "./budget-draft";

describe("readBudgetDraft", () => {
  it("sends nothing when every field is left to the server's default", () => {
    expect(readBudgetDraft(emptyBudgetDraft)).toEqual({ budget: undefined, errors: {} });
  });

  it("sends only the fields filled in, as numbers", () => {
    expect(
      readBudgetDraft({ max_tool_calls: " 5 ", max_seconds: "", max_tokens: "20000" }),
    ).toEqual({ budget: { max_tool_calls: 5, max_tokens: 20000 }, errors: {} });
  });

  it("refuses what the server would refuse, naming the field", () => {
    const { budget, errors } = readBudgetDraft({
      max_tool_calls: "1001",
      max_seconds: "2.5",
      max_tokens: "0",
    });
    expect(budget).toBeUndefined();
    expect(errors).toEqual({
      max_tool_calls: "A whole number from 1 to 1,000.",
      max_seconds: "A whole number from 1 to 86,400.",
      max_tokens: "A whole number from 1 to 1,000,000,000.",
    });
  });
});

describe("budgetPlaceholder", () => {
  it("shows the server's default, and 'no limit' for a limit the server does not set", () => {
    const defaults = { max_tool_calls: 50, max_seconds: 900, max_tokens: null };
    expect(budgetPlaceholder(defaults, "max_tool_calls")).toBe("50");
    expect(budgetPlaceholder(defaults, "max_tokens")).toBe("no limit");
  });
});
