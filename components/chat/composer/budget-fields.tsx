"use client";

import { useId } from "react";
import type { RunBudget, RunBudgetOption } from "@/lib/contracts/run-budget";
import { type BudgetDraft, budgetFields, budgetPlaceholder } from "./budget-draft";

const fieldLabels: Record<keyof RunBudgetOption, string> = {
  max_tool_calls: "Max tool calls",
  max_seconds: "Max seconds",
  max_tokens: "Max tokens",
};

const testIds: Record<keyof RunBudgetOption, string> = {
  max_tool_calls: "budget-tool-calls",
  max_seconds: "budget-seconds",
  max_tokens: "budget-tokens",
};

/**
 * The next run's budget: each field shows the server's default as its placeholder, and an empty
 * field keeps that default. A value the server would refuse is named under its field.
 */
export function BudgetFields({
  draft,
  errors,
  defaults,
  onChange,
  disabled,
}: {
  draft: BudgetDraft;
  errors: Partial<Record<keyof RunBudgetOption, string>>;
  defaults: RunBudget | undefined;
  onChange: (change: Partial<BudgetDraft>) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-2" data-testid="budget-fields">
      <legend className="sr-only">Run budget</legend>
      {budgetFields.map((field) => {
        const inputId = `${id}-${field}`;
        const errorId = `${inputId}-error`;
        const error = errors[field];
        return (
          <div key={field} className="w-24">
            <label htmlFor={inputId} className="block text-xs text-slate-600">
              {fieldLabels[field]}
            </label>
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              value={draft[field]}
              placeholder={budgetPlaceholder(defaults, field)}
              title={`Default: ${budgetPlaceholder(defaults, field)}`}
              onChange={(event) => onChange({ [field]: event.target.value })}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              data-testid={testIds[field]}
              className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800 placeholder:text-slate-400 disabled:opacity-60 aria-[invalid=true]:border-red-500"
            />
            {error ? (
              <p
                id={errorId}
                className="mt-0.5 text-xs text-red-700"
                data-testid={`${testIds[field]}-error`}
              >
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
