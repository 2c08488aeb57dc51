"use client";

import { primaryButtonClass } from "../ui/button-styles";
import { ModelPicker, RunModePickers } from "./run-option-pickers";
import type { useMessageSubmission } from "./use-message-submission";

/** Under the message: the model and run-mode pickers, and the Send button. */
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
  return (
    <div className="flex flex-wrap items-end gap-3">
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
