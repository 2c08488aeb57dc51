"use client";

import { useEffect, useRef } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import type { useSessionActions } from "@/hooks/use-session-actions";
import type { Session } from "@/lib/contracts/session";
import { sessionActionButtonClass } from "./session-action-button-class";

/**
 * Asks before a conversation is deleted, and says what goes (its messages and results) and what
 * stays (the project's datasets). A refusal (a run still working: SESSION_BUSY) is shown here.
 */
export function SessionDeleteConfirm({
  session,
  remove,
  onDeleted,
  onKeep,
}: {
  session: Session;
  remove: ReturnType<typeof useSessionActions>["remove"];
  onDeleted: (sessionId: string) => void;
  onKeep: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleting = remove.isPending && remove.variables === session.session_id;
  const deleteError =
    remove.isError && remove.variables === session.session_id ? describeError(remove.error) : null;

  // The question takes the focus, so a keyboard user answers it straight away.
  useEffect(() => {
    confirmRef.current?.focus();
  }, []);

  return (
    <div
      role="alertdialog"
      aria-label={`Delete “${session.title}”?`}
      className="space-y-1 px-3 pb-2 text-xs text-slate-800"
      data-testid="session-delete-confirm"
    >
      <p>Delete this conversation with its messages and results? The project's datasets stay.</p>
      <div className="flex gap-1">
        <button
          ref={confirmRef}
          type="button"
          className={`${sessionActionButtonClass} text-red-800 hover:bg-red-50 hover:text-red-900`}
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
          className={sessionActionButtonClass}
          disabled={deleting}
          onClick={() => {
            remove.reset();
            onKeep();
          }}
          data-testid="session-delete-cancel"
        >
          Keep it
        </button>
      </div>
      {deleteError ? (
        <p role="alert" className="text-red-800" data-testid="session-delete-error">
          {deleteError.message} <code className="rounded bg-red-50 px-1">{deleteError.code}</code>
        </p>
      ) : null}
    </div>
  );
}
