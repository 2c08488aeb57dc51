import { z } from "zod";

// Client-safe: the start body's `options.budget`, the limits a run keeps in its snapshot, the
// defaults the composer shows and the `budget_exceeded` event all use these shapes.

/** The largest limits a run may ask for; larger ones are refused before anything starts. */
export const budgetCeilings = {
  max_tool_calls: 1000,
  max_seconds: 86_400,
  max_tokens: 1_000_000_000,
} as const;

/** The budgets a run can be stopped by, named as `budget_exceeded` names them. */
export const budgetKinds = ["tool_calls", "seconds", "tokens"] as const;
export type BudgetKind = (typeof budgetKinds)[number];

const limit = (ceiling: number) => z.number().int().min(1).max(ceiling);

/** `options.budget` of a start request: any field left out takes the server's default. */
export const runBudgetOptionSchema = z
  .object({
    max_tool_calls: limit(budgetCeilings.max_tool_calls).optional(),
    max_seconds: limit(budgetCeilings.max_seconds).optional(),
    max_tokens: limit(budgetCeilings.max_tokens).optional(),
  })
  .strict();

export type RunBudgetOption = z.infer<typeof runBudgetOptionSchema>;

/** The limits in force for one run (null: no limit on that measure). */
export const runBudgetSchema = z.object({
  max_tool_calls: limit(budgetCeilings.max_tool_calls),
  max_seconds: limit(budgetCeilings.max_seconds),
  max_tokens: limit(budgetCeilings.max_tokens).nullable(),
});

export type RunBudget = z.infer<typeof runBudgetSchema>;

/** Why a finished run stopped before the model was done: only a budget, so far. */
export const stopReasonSchema = z.enum(["budget"]);
export type StopReason = z.infer<typeof stopReasonSchema>;

/** "tool-call budget of 5": how the answer's note and the chat's notice name a budget. */
export function budgetName(budget: BudgetKind, limit: number): string {
  if (budget === "tool_calls") return `tool-call budget of ${limit}`;
  if (budget === "seconds") return `time budget of ${limit} s`;
  return `token budget of ${limit}`;
}
