import {
  budgetCeilings,
  type RunBudget,
  type RunBudgetOption,
  runBudgetOptionSchema,
} from "@/lib/contracts/run-budget";

/** The budget fields as typed: empty means "the server's default". */
export type BudgetDraft = Record<keyof RunBudgetOption, string>;

export const emptyBudgetDraft: BudgetDraft = {
  max_tool_calls: "",
  max_seconds: "",
  max_tokens: "",
};

export const budgetFields = ["max_tool_calls", "max_seconds", "max_tokens"] as const;

/**
 * What the composer sends as `options.budget`: only the fields the user filled in (the rest take
 * the server's defaults), or why a field is refused — the server's own rules, checked before
 * anything is sent.
 */
export function readBudgetDraft(draft: BudgetDraft): {
  budget: RunBudgetOption | undefined;
  errors: Partial<Record<keyof RunBudgetOption, string>>;
} {
  const budget: RunBudgetOption = {};
  const errors: Partial<Record<keyof RunBudgetOption, string>> = {};
  for (const field of budgetFields) {
    const text = draft[field].trim();
    if (text === "") continue;
    const value = Number(text);
    const parsed = runBudgetOptionSchema.shape[field].safeParse(value);
    if (!/^\d+$/.test(text) || !parsed.success || parsed.data === undefined) {
      errors[field] = `A whole number from 1 to ${budgetCeilings[field].toLocaleString("en-US")}.`;
      continue;
    }
    budget[field] = parsed.data;
  }
  return { budget: Object.keys(budget).length > 0 ? budget : undefined, errors };
}

/** The placeholder of a budget field: the limit the run gets when it is left empty. */
export function budgetPlaceholder(
  defaults: RunBudget | undefined,
  field: keyof RunBudgetOption,
): string {
  if (!defaults) return "default";
  const value = defaults[field];
  return value === null ? "no limit" : String(value);
}
