"use client";

import { useId, useState } from "react";
import { useCapabilities } from "@/hooks/use-capabilities";
import { primaryButtonClass, secondaryButtonClass } from "../../ui/button-styles";
import { BudgetFields } from "./budget-fields";
import { ModelPicker, RunModePickers } from "./run-option-pickers";
import type { useMessageSubmission } from "./use-message-submission";

/**
 * Under the message: the model and run-mode pickers, the run's budget, and the Send button. On a phone the pickers
 * fold behind an "Options" button (their choices stay in force), so the box leaves the
 * conversation most of the screen; from the small breakpoint up they are always shown.
 */
export function MessageOptionsRow({
  submission,
  disabled,
  editing,
}: {
  submission: ReturnType<typeof useMessageSubmission>;
  /** Sending is not possible now (the session is busy, or a message is being sent). */
  disabled: boolean;
  editing: boolean;
}) {
  const { send, modelsQuery, resetError } = submission;
  const capabilities = useCapabilities();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const optionsId = useId();
  return (
    <div className="flex flex-wrap items-end gap-2 sm:gap-3">
      <button
        type="button"
        className={`${secondaryButtonClass} px-2 py-1 text-xs sm:hidden`}
        aria-expanded={optionsOpen}
        aria-controls={optionsId}
        onClick={() => setOptionsOpen((open) => !open)}
        data-testid="message-options-toggle"
      >
        <span aria-hidden="true">{optionsOpen ? "▾" : "▸"}</span> Options
      </button>
      <div
        id={optionsId}
        className={`${optionsOpen ? "flex" : "hidden"} w-full flex-wrap items-end gap-3 sm:flex sm:w-auto sm:flex-1`}
        data-testid="message-options"
      >
        <ModelPicker
          models={modelsQuery.data}
          isLoading={modelsQuery.isPending}
          loadFailed={modelsQuery.isError}
          value={submission.model}
          onChange={(next) => {
            submission.setChosenModel(next);
            resetError();
          }}
          disabled={disabled}
        />
        <RunModePickers
          options={submission.modes}
          onChange={(change) => {
            submission.setModes((current) => ({ ...current, ...change }));
            resetError();
          }}
          disabled={disabled}
        />
        <BudgetFields
          draft={submission.budgetDraft}
          errors={submission.budgetErrors}
          defaults={capabilities.data?.run_budget_defaults}
          onChange={(change) => {
            submission.setBudgetDraft((current) => ({ ...current, ...change }));
            resetError();
          }}
          disabled={disabled}
        />
      </div>
      <button
        type="submit"
        className={`${primaryButtonClass} ml-auto`}
        disabled={!submission.canSubmit}
        aria-busy={send.isPending}
        data-testid="send-button"
      >
        {send.isPending ? "Sending…" : editing ? "Send edited message" : "Send"}
      </button>
    </div>
  );
}
