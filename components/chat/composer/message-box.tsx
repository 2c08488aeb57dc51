"use client";

import { type FormEvent, type KeyboardEvent, type RefObject, useId } from "react";
import { AttachmentPicker } from "./attachment-picker";
import { EditingNotice } from "./editing-notice";
import type { EditingTurn } from "./editing-turn";
import { MessageOptionsRow } from "./message-options-row";
import { SendErrorAlert } from "./send-error-alert";
import { useMessageBoxFocus } from "./use-message-box-focus";
import { useMessageSubmission } from "./use-message-submission";

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
  onAttachmentsChange,
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
  /** The person picked or removed an attachment (the datasets now picked, in order). */
  onAttachmentsChange?: (datasetIds: readonly string[]) => void;
}) {
  const inputId = useId();
  const editingId = useId();
  const hintId = useId();
  const reasonId = useId();
  const errorId = useId();
  const submission = useMessageSubmission({
    sessionId,
    canSend,
    draft,
    onDraftChange,
    editing,
    onSent,
  });
  const { send, submit, resetError } = submission;
  const blocked = !canSend;
  useMessageBoxFocus({ textareaRef, autoFocus, canSend });

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

  const describedBy = [
    editing ? editingId : null,
    hintId,
    blocked ? reasonId : null,
    send.isError ? errorId : null,
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
        aria-invalid={send.isError ? true : undefined}
        data-testid="message-input"
        className="block h-16 w-full resize-y rounded-lg sm:h-auto border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500"
      />
      <p id={hintId} className="sr-only">
        Enter sends; Shift+Enter starts a new line.{editing ? " Escape cancels the edit." : ""}
      </p>
      {blocked && busyReason ? (
        <p id={reasonId} className="text-xs text-slate-600" data-testid="send-disabled-reason">
          {busyReason}
        </p>
      ) : null}
      {send.isError ? <SendErrorAlert id={errorId} error={send.error} /> : null}
      <AttachmentPicker
        key={submission.sentCount}
        projectId={projectId}
        selected={submission.attachments}
        onChange={(next) => {
          submission.setAttachments(next);
          onAttachmentsChange?.(next);
          resetError();
        }}
        disabled={blocked || send.isPending}
      />
      <MessageOptionsRow
        submission={submission}
        disabled={blocked || send.isPending}
        editing={editing !== null}
      />
    </form>
  );
}
