import { z } from "zod";

/** What a run used of its budget so far, over every phase (approval pauses not counted). */
export const budgetUsageSchema = z.object({
  tool_calls: z.number().int().min(0),
  tokens: z.number().int().min(0),
  seconds: z.number().min(0),
});

export type BudgetUsage = z.infer<typeof budgetUsageSchema>;

export const noBudgetUsage: BudgetUsage = { tool_calls: 0, tokens: 0, seconds: 0 };

/** What earlier phases of a run used, as its row keeps it; nothing for a first phase. */
export function storedBudgetUsage(stored: unknown): BudgetUsage {
  const parsed = budgetUsageSchema.safeParse(stored);
  return parsed.success ? parsed.data : noBudgetUsage;
}
