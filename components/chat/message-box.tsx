"use client";

import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { ApiRequestError, describeError } from "@/hooks/api/api-request-error";
import { useChatSend } from "@/hooks/use-chat-send";
import { useModels } from "@/hooks/use-models";
import type { RunOptions } from "@/lib/contracts/run-options";
import { modelNotConfiguredDetailsSchema } from "@/lib/contracts/run-start";
import { primaryButtonClass } from "../ui/button-styles";
import { AttachmentPicker } from "./attachment-picker";
import { EditingNotice } from "./editing-notice";
import { ModelPicker, RunModePickers } from "./run-option-pickers";

/** Extra words for start errors whose details say what to do. */
function errorDetails(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code === "MODEL_NOT_CONFIGURED") {
    const details = modelNotConfiguredDetailsSchema.safeParse(error.details);
    if (details.success && details.data.missing?.length) {
      return `Missing for ${details.data.model ?? "this model"}: ${details.data.missing.join(", ")}.`;
    }
  }
  if (error.code === "SESSION_BUSY") return "Wait for the current answer, then send again.";
  if (error.code === "NETWORK_ERROR")
    return "Press Send again: the same request is retried, never started twice.";
  return null;
}

/** The latest finished turn being edited: its run and the datasets its message had attached. */
export type EditingTurn = { runId: string; attachments: string[] };

/**
 * The message box: text (Enter sends, Shift+Enter adds a line), attachments and the run's
 * options. It is driven by the session's `can_send` (RC-2) and says why it is disabled. A start
 * error is shown here with its code, and the typed message stays. While editing the latest turn
 * the message is sent with `replaces_run_id`; Escape or "Cancel edit" leaves that mode.
 */
export function MessageBox({
  sessionId,
  projectId,
  canSend,
  busyReason,
  draft,
  onDraftChange,
  textareaRef,
  autoFocus = false,
  editing = null,
  onCancelEdit,
  onSent,
}: {
  sessionId: string;
  projectId: string;
  canSend: boolean;
  busyReason: string | null;
  draft: string;
  onDraftChange: (draft: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  autoFocus?: boolean;
  editing?: EditingTurn | null;
  onCancelEdit?: () => void;
  /** The message was admitted as a run. */
  onSent?: () => void;
}) {
  const inputId = useId();
  const editingId = useId();
  const hintId = useId();
  const reasonId = useId();
  const errorId = useId();
  const send = useChatSend({ sessionId });
  const modelsQuery = useModels();
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<string[]>([]);
  // Bumped per sent message: the attachment picker starts closed again for the next one.
  const [sentCount, setSentCount] = useState(0);
  const [modes, setModes] = useState<Omit<RunOptions, "model">>({
    reasoning_mode: "direct",
    planning_mode: "auto",
    output_format: "chat",
  });

  const models = modelsQuery.data;
  const defaultModel = models
    ? (models.models.find((model) => model.name === models.default_model && model.configured)
        ?.name ??
      models.models.find((model) => model.configured)?.name ??
      "")
    : "";
  const model = chosenModel ?? defaultModel;
  const blocked = !canSend;
  const message = draft.trim();
  const canSubmit = canSend && !send.isPending && message.length > 0;

  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus();
  }, [autoFocus, textareaRef]);

  // Editing a turn starts from the datasets its message had attached; leaving the edit without
  // sending gives back the ones chosen before.
  const editingRunId = editing?.runId ?? null;
  const editingAttachments = editing?.attachments;
  const attachmentsBeforeEdit = useRef<string[] | null>(null);
  useEffect(() => {
    if (editingRunId && editingAttachments) {
      setAttachments((current) => {
        attachmentsBeforeEdit.current ??= current;
        return editingAttachments;
      });
    } else if (!editingRunId && attachmentsBeforeEdit.current) {
      setAttachments(attachmentsBeforeEdit.current);
      attachmentsBeforeEdit.current = null;
    }
  }, [editingRunId, editingAttachments]);

  // Give the keyboard back to the box when the answer is done, unless focus moved elsewhere.
  useEffect(() => {
    if (!canSend) return;
    const active = document.activeElement;
    if (!active || active === document.body) textareaRef.current?.focus({ preventScroll: true });
  }, [canSend, textareaRef]);

  const submit = () => {
    if (!canSubmit) return;
    send.mutate(
      {
        message,
        attachments,
        options: { ...modes, ...(model ? { model } : {}) },
        ...(editing ? { replacesRunId: editing.runId } : {}),
      },
      {
        onSuccess: () => {
          onDraftChange("");
          attachmentsBeforeEdit.current = null;
          setAttachments([]);
          setSentCount((count) => count + 1);
          onSent?.();
        },
      },
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape" && editing && onCancelEdit && !send.isPending) {
      event.preventDefault();
      onCancelEdit();
      return;
    }
    if (event.key !== "Enter" || event.shiftKey || event.altKey) return;
    // Enter that confirms an input method's composition is not a send.
    if (event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const resetError = () => {
    if (send.isError) send.reset();
  };

  const error = send.isError ? describeError(send.error) : null;
  const describedBy = [
    editing ? editingId : null,
    hintId,
    blocked ? reasonId : null,
    error ? errorId : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      data-testid="message-box"
      data-can-send={canSend ? "true" : "false"}
      data-editing={editing ? "true" : "false"}
      className="sticky bottom-0 z-10 -mx-1 space-y-2 border-t border-slate-200 bg-slate-50/95 px-1 pt-3 pb-4 backdrop-blur"
    >
      {editing && onCancelEdit ? <EditingNotice id={editingId} onCancel={onCancelEdit} /> : null}
      <label htmlFor={inputId} className="sr-only">
        {editing ? "Edited message to the agent" : "Message to the agent"}
      </label>
      <textarea
        id={inputId}
        ref={textareaRef}
        value={draft}
        onChange={(event) => {
          onDraftChange(event.target.value);
          resetError();
        }}
        onKeyDown={handleKeyDown}
        disabled={blocked}
        readOnly={send.isPending}
        rows={3}
        maxLength={20_000}
        placeholder="Ask about your graphs…"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        data-testid="message-input"
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500"
      />
      <p id={hintId} className="sr-only">
        Enter sends; Shift+Enter starts a new line.{editing ? " Escape cancels the edit." : ""}
      </p>
      {blocked && busyReason ? (
        <p id={reasonId} className="text-xs text-slate-600" data-testid="send-disabled-reason">
          {busyReason}
        </p>
      ) : null}
      {error ? (
        <div
          id={errorId}
          role="alert"
          data-testid="send-error"
          className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-900"
        >
          The message was not sent: {error.message}{" "}
          <code className="rounded bg-red-100 px-1 py-0.5" data-testid="send-error-code">
            {error.code}
          </code>
          {errorDetails(send.error) ? (
            <span className="block">{errorDetails(send.error)}</span>
          ) : null}
        </div>
      ) : null}
      <AttachmentPicker
        key={sentCount}
        projectId={projectId}
        selected={attachments}
        onChange={(next) => {
          setAttachments(next);
          resetError();
        }}
        disabled={blocked || send.isPending}
      />
      <div className="flex flex-wrap items-end gap-3">
        <ModelPicker
          models={models}
          isLoading={modelsQuery.isPending}
          loadFailed={modelsQuery.isError}
          value={model}
          onChange={(next) => {
            setChosenModel(next);
            resetError();
          }}
          disabled={blocked || send.isPending}
        />
        <RunModePickers
          options={modes}
          onChange={(change) => {
            setModes((current) => ({ ...current, ...change }));
            resetError();
          }}
          disabled={blocked || send.isPending}
        />
        <button
          type="submit"
          className={`${primaryButtonClass} ml-auto`}
          disabled={!canSubmit}
          aria-busy={send.isPending}
          data-testid="send-button"
        >
          {send.isPending ? "Sending…" : editing ? "Send edited message" : "Send"}
        </button>
      </div>
    </form>
  );
}
