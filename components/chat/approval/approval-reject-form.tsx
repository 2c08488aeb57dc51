"use client";

import { useEffect, useId, useRef, useState } from "react";
import { quietButtonClass, secondaryButtonClass } from "../../ui/button-styles";

/** Reject with an optional reason the agent gets to read (AP-2). */
export function ApprovalRejectForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");

  useEffect(() => {
    textareaRef.current?.focus();
  }, []);

  return (
    <form
      className="space-y-2 rounded-md border border-slate-200 bg-white p-3"
      data-testid="approval-reject-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit(reason.trim());
      }}
    >
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-800">
        Reason (optional)
      </label>
      <textarea
        id={inputId}
        ref={textareaRef}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          }
        }}
        readOnly={busy}
        rows={2}
        maxLength={2000}
        aria-describedby={hintId}
        data-testid="approval-reject-reason"
        className="block w-full resize-y rounded border border-slate-300 bg-white px-2 py-1.5 text-sm"
      />
      <p id={hintId} className="text-xs text-slate-600">
        The step will not run; the agent is told it was rejected (and why, if you say).
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={`${secondaryButtonClass} border-red-300 text-red-800 hover:bg-red-50`}
          disabled={busy}
          aria-busy={busy}
          data-testid="approval-reject-submit"
        >
          {busy ? "Rejecting…" : "Reject this step"}
        </button>
        <button
          type="button"
          className={quietButtonClass}
          onClick={onCancel}
          disabled={busy}
          data-testid="approval-reject-cancel"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
