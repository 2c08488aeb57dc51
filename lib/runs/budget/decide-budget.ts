import type { BudgetKind, RunBudget } from "@/lib/contracts/run-budget";
import type { BudgetUsage } from "./budget-usage";

/** Which budget was reached, its limit and what the run had used: `budget_exceeded`'s payload. */
export type BudgetExceeded = { budget: BudgetKind; limit: number; used: number };

/**
 * Before a tool call starts: `max_tool_calls` lets exactly that many calls run, so the call
 * after the last allowed one is refused (and the budget is then reached). Null: it may start.
 */
export function decideToolCallStart(input: {
  budget: RunBudget;
  used: BudgetUsage;
}): BudgetExceeded | null {
  const limit = input.budget.max_tool_calls;
  const used = input.used.tool_calls;
  return used >= limit ? { budget: "tool_calls", limit, used } : null;
}

/**
 * After a model call: once the input + output tokens of the run's calls reach `max_tokens`, the
 * call that got there is the last one; null while tokens are left (or there is no token limit).
 */
export function decideAfterModelCall(input: {
  budget: RunBudget;
  used: BudgetUsage;
}): BudgetExceeded | null {
  const limit = input.budget.max_tokens;
  if (limit === null) return null;
  const used = input.used.tokens;
  return used >= limit ? { budget: "tokens", limit, used } : null;
}

/** How long the run may still go on, in milliseconds (0: its time is up). */
export function remainingMilliseconds(input: { budget: RunBudget; used: BudgetUsage }): number {
  return Math.max(0, (input.budget.max_seconds - input.used.seconds) * 1000);
}
