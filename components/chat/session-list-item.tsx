"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import type { useSessionActions } from "@/hooks/use-session-actions";
import { type Session, sessionTitleMaxLength } from "@/lib/contracts/session";
import { formatDateTime } from "../format/format-date-time";
import { quietButtonClass } from "../ui/button-styles";

type Mode = "view" | "rename" | "confirm-delete";

const smallButton = `${quietButtonClass} px-2 py-0.5 text-xs`;

/**
 * One conversation in the list: its title and dataset (so a question is not asked of the wrong
 * data), and its Rename (inline: Enter saves, Escape cancels) and Delete (asks first) actions.
 */
export function SessionListItem({
  session,
  selected,
  onSelect,
  onDeleted,
  actions,
}: {
  session: Session;
  selected: boolean;
  onSelect: (sessionId: string) => void;
  onDeleted: (sessionId: string) => void;
  actions: ReturnType<typeof useSessionActions>;
}) {
  const [mode, setMode] = useState<Mode>("view");
  const [draft, setDraft] = useState(session.title);
  const inputRef = useRef<HTMLInputElement>(null);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Leaving an edit or a question puts the focus back where it started.
  const restoreFocus = useRef(false);
  const inputId = useId();
  const errorId = useId();
  const { rename, remove } = actions;
  const renaming = rename.isPending && rename.variables?.sessionId === session.session_id;
  const renameError =
    rename.isError && rename.variables?.sessionId === session.session_id
      ? describeError(rename.error)
      : null;
  const deleting = remove.isPending && remove.variables === session.session_id;
  const deleteError =
    remove.isError && remove.variables === session.session_id ? describeError(remove.error) : null;

  useEffect(() => {
    if (mode === "rename") inputRef.current?.select();
    // The question takes the focus, so a keyboard user answers it straight away.
    if (mode === "confirm-delete") confirmRef.current?.focus();
    if (mode === "view" && restoreFocus.current) {
      restoreFocus.current = false;
      renameButtonRef.current?.focus();
    }
  }, [mode]);

  const leaveEdit = () => {
    restoreFocus.current = true;
    setMode("view");
    rename.reset();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const title = draft.trim();
    if (title === session.title) {
      leaveEdit();
      return;
    }
    rename.mutate({ sessionId: session.session_id, title }, { onSuccess: () => leaveEdit() });
  };
  const when = session.last_run_at ?? session.created_at;

  return (
    <div
      data-testid="session-item-row"
      data-session-id={session.session_id}
      className={`group rounded-md transition-colors ${
        selected ? "bg-blue-50 ring-1 ring-blue-200" : "hover:bg-slate-100"
      }`}
    >
      {mode === "rename" ? (
        <form onSubmit={save} className="space-y-1 px-2 py-2" data-testid="session-rename-form">
          <label htmlFor={inputId} className="sr-only">
            New title of “{session.title}”
          </label>
          <input
            id={inputId}
            ref={inputRef}
            value={draft}
            maxLength={sessionTitleMaxLength}
            onChange={(event) => {
              setDraft(event.target.value);
              rename.reset();
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                setDraft(session.title);
                leaveEdit();
              }
            }}
            readOnly={renaming}
            aria-invalid={renameError ? true : undefined}
            aria-describedby={renameError ? errorId : undefined}
            className="block w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm"
            data-testid="session-rename-input"
          />
          <div className="flex gap-1">
            <button
              type="submit"
              className={smallButton}
              disabled={renaming || draft.trim().length === 0}
              data-testid="session-rename-save"
            >
              {renaming ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              className={smallButton}
              onClick={() => {
                setDraft(session.title);
                leaveEdit();
              }}
            >
              Cancel
            </button>
          </div>
          {renameError ? (
            <p id={errorId} role="alert" className="text-xs text-red-800">
              {renameError.message}
            </p>
          ) : null}
        </form>
      ) : (
        <a
          href={`/chat?session=${encodeURIComponent(session.session_id)}`}
          onClick={(event) => {
            // Let modified clicks open a new tab; a plain click selects in place.
            if (
              event.metaKey ||
              event.ctrlKey ||
              event.shiftKey ||
              event.altKey ||
              event.button !== 0
            ) {
              return;
            }
            event.preventDefault();
            onSelect(session.session_id);
          }}
          aria-current={selected ? "page" : undefined}
          data-testid="session-item"
          data-session-id={session.session_id}
          className={`block rounded-md px-3 pt-2 pb-1 text-sm ${
            selected ? "text-blue-900" : "text-slate-700 hover:text-slate-900"
          }`}
        >
          <span className="block truncate font-medium" data-testid="session-title">
            {session.title}
          </span>
          <span className="block truncate text-xs text-slate-600" data-testid="session-dataset">
            {session.dataset_name ? (
              <>
                <span className="sr-only">Dataset: </span>
                <span aria-hidden="true">◆ </span>
                {session.dataset_name}
              </>
            ) : (
              "No dataset yet"
            )}
          </span>
          <span className="block text-xs text-slate-500">
            {session.last_run_at ? "Last question " : "Started "}
            <time dateTime={when}>{formatDateTime(when)}</time>
          </span>
        </a>
      )}
      {mode === "view" ? (
        <div className="flex gap-1 px-2 pb-1.5">
          <button
            ref={renameButtonRef}
            type="button"
            className={smallButton}
            onClick={() => {
              setDraft(session.title);
              setMode("rename");
            }}
            aria-label={`Rename “${session.title}”`}
            data-testid="session-rename"
          >
            Rename
          </button>
          <button
            type="button"
            className={smallButton}
            onClick={() => {
              remove.reset();
              setMode("confirm-delete");
            }}
            aria-label={`Delete “${session.title}”`}
            data-testid="session-delete"
          >
            Delete
          </button>
        </div>
      ) : null}
      {mode === "confirm-delete" ? (
        <div
          role="alertdialog"
          aria-label={`Delete “${session.title}”?`}
          className="space-y-1 px-3 pb-2 text-xs text-slate-800"
          data-testid="session-delete-confirm"
        >
          <p>
            Delete this conversation with its messages and results? The project's datasets stay.
          </p>
          <div className="flex gap-1">
            <button
              ref={confirmRef}
              type="button"
              className={`${smallButton} text-red-800 hover:bg-red-50 hover:text-red-900`}
              disabled={deleting}
              onClick={() =>
                remove.mutate(session.session_id, {
                  onSuccess: () => onDeleted(session.session_id),
                })
              }
              data-testid="session-delete-confirm-button"
            >
              {deleting ? "Deleting…" : "Delete"}
            </button>
            <button
              type="button"
              className={smallButton}
              disabled={deleting}
              onClick={() => {
                remove.reset();
                restoreFocus.current = true;
                setMode("view");
              }}
              data-testid="session-delete-cancel"
            >
              Keep it
            </button>
          </div>
          {deleteError ? (
            <p role="alert" className="text-red-800" data-testid="session-delete-error">
              {deleteError.message}{" "}
              <code className="rounded bg-red-50 px-1">{deleteError.code}</code>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
