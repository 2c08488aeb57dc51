"use client";

import { useEffect, useRef, useState } from "react";
import type { useSessionActions } from "@/hooks/use-session-actions";
import type { Session } from "@/lib/contracts/session";
import { sessionActionButtonClass } from "./session-action-button-class";
import { SessionDeleteConfirm } from "./session-delete-confirm";
import { SessionLink } from "./session-link";
import { SessionRenameForm } from "./session-rename-form";

type Mode = "view" | "rename" | "confirm-delete";

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
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  // Leaving an edit or a question puts the focus back where it started.
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (mode === "view" && restoreFocus.current) {
      restoreFocus.current = false;
      renameButtonRef.current?.focus();
    }
  }, [mode]);

  const backToView = () => {
    restoreFocus.current = true;
    setMode("view");
  };

  return (
    <div
      data-testid="session-item-row"
      data-session-id={session.session_id}
      className={`rounded-md transition-colors ${
        selected ? "bg-blue-50 ring-1 ring-blue-200" : "hover:bg-slate-100"
      }`}
    >
      {mode === "rename" ? (
        <SessionRenameForm session={session} rename={actions.rename} onDone={backToView} />
      ) : (
        <SessionLink session={session} selected={selected} onSelect={onSelect} />
      )}
      {mode === "view" ? (
        <div className="flex gap-1 px-2 pb-1.5">
          <button
            ref={renameButtonRef}
            type="button"
            className={sessionActionButtonClass}
            onClick={() => setMode("rename")}
            aria-label={`Rename “${session.title}”`}
            data-testid="session-rename"
          >
            Rename
          </button>
          <button
            type="button"
            className={sessionActionButtonClass}
            onClick={() => {
              actions.remove.reset();
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
        <SessionDeleteConfirm
          session={session}
          remove={actions.remove}
          onDeleted={onDeleted}
          onKeep={backToView}
        />
      ) : null}
    </div>
  );
}
