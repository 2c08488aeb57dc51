"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import type { useSessionActions } from "@/hooks/use-session-actions";
import { type Session, sessionTitleMaxLength } from "@/lib/contracts/session";
import { sessionActionButtonClass } from "./session-action-button-class";

/** Renames a conversation in place: Enter (or Save) saves, Escape (or Cancel) leaves it as it was. */
export function SessionRenameForm({
  session,
  rename,
  onDone,
}: {
  session: Session;
  rename: ReturnType<typeof useSessionActions>["rename"];
  /** The edit is over (saved or cancelled). */
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(session.title);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const renaming = rename.isPending && rename.variables?.sessionId === session.session_id;
  const renameError =
    rename.isError && rename.variables?.sessionId === session.session_id
      ? describeError(rename.error)
      : null;

  useEffect(() => {
    inputRef.current?.select();
  }, []);

  const leave = () => {
    rename.reset();
    onDone();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const title = draft.trim();
    if (title === session.title) {
      leave();
      return;
    }
    rename.mutate({ sessionId: session.session_id, title }, { onSuccess: leave });
  };

  return (
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
            leave();
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
          className={sessionActionButtonClass}
          disabled={renaming || draft.trim().length === 0}
          data-testid="session-rename-save"
        >
          {renaming ? "Saving…" : "Save"}
        </button>
        <button type="button" className={sessionActionButtonClass} onClick={leave}>
          Cancel
        </button>
      </div>
      {renameError ? (
        <p id={errorId} role="alert" className="text-xs text-red-800">
          {renameError.message}
        </p>
      ) : null}
    </form>
  );
}
