"use client";

import { useState } from "react";
import { useChatSend } from "@/hooks/use-chat-send";
import { useModels } from "@/hooks/use-models";
import type { ModelList } from "@/lib/contracts/model-catalogue";
import type { RunOptions } from "@/lib/contracts/run-options";
import { type BudgetDraft, emptyBudgetDraft, readBudgetDraft } from "./budget-draft";
import type { EditingTurn } from "./editing-turn";
import { useEditingAttachments } from "./use-editing-attachments";

/** The default model when it is configured, else the first configured one, else none (""). */
function defaultModelName(models: ModelList | undefined): string {
  return models
    ? (models.models.find((model) => model.name === models.default_model && model.configured)
        ?.name ??
        models.models.find((model) => model.configured)?.name ??
        "")
    : "";
}

/**
 * What the message box sends: the draft with its attachments, model and run modes, as a new turn
 * or (while editing) as the replacement of the latest one.
 */
export function useMessageSubmission({
  sessionId,
  canSend,
  draft,
  onDraftChange,
  editing,
  onSent,
}: {
  sessionId: string;
  canSend: boolean;
  draft: string;
  onDraftChange: (draft: string) => void;
  editing: EditingTurn | null;
  onSent?: () => void;
}) {
  const send = useChatSend({ sessionId });
  const modelsQuery = useModels();
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const { attachments, setAttachments, clearAfterSend } = useEditingAttachments(editing);
  // Bumped per sent message: the attachment picker starts closed again for the next one.
  const [sentCount, setSentCount] = useState(0);
  const [budgetDraft, setBudgetDraft] = useState<BudgetDraft>(emptyBudgetDraft);
  const budget = readBudgetDraft(budgetDraft);
  const budgetValid = Object.keys(budget.errors).length === 0;
  const [modes, setModes] = useState<Omit<RunOptions, "model" | "budget">>({
    reasoning_mode: "direct",
    planning_mode: "auto",
    output_format: "chat",
  });

  const model = chosenModel ?? defaultModelName(modelsQuery.data);
  const message = draft.trim();
  const canSubmit = canSend && !send.isPending && message.length > 0 && budgetValid;

  const submit = () => {
    if (!canSubmit) return;
    send.mutate(
      {
        message,
        attachments,
        options: {
          ...modes,
          ...(model ? { model } : {}),
          ...(budget.budget ? { budget: budget.budget } : {}),
        },
        ...(editing ? { replacesRunId: editing.runId } : {}),
      },
      {
        onSuccess: () => {
          onDraftChange("");
          clearAfterSend();
          setSentCount((count) => count + 1);
          onSent?.();
        },
      },
    );
  };
  const resetError = () => {
    if (send.isError) send.reset();
  };

  return {
    send,
    modelsQuery,
    model,
    setChosenModel,
    attachments,
    setAttachments,
    sentCount,
    modes,
    setModes,
    budgetDraft,
    budgetErrors: budget.errors,
    setBudgetDraft,
    canSubmit,
    submit,
    resetError,
  };
}
