"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { primaryButtonClass, quietButtonClass } from "../../ui/button-styles";
import { requestIssues } from "../composer/request-issues";
import { ApprovalArgsDiff } from "./approval-args-diff";
import { diffArgs } from "./args-diff";
import { parseArgsJson } from "./parse-args-json";

/**
 * Modify: the recorded arguments as editable JSON. Invalid JSON is reported beside the editor
 * as it is typed and cannot be sent; the keys that differ from the proposal are listed before
 * sending. A server refusal (400 INVALID_REQUEST: the arguments do not fit the tool) is shown
 * here too, with its issues, and the text stays for another try.
 */
export function ApprovalArgsEditor({
  proposed,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  proposed: Record<string, unknown>;
  busy: boolean;
  /** The last Modify's refusal, if any. */
  serverError: unknown;
  onSubmit: (patchedArgs: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const diffId = useId();
  const serverErrorId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(() => JSON.stringify(proposed, null, 2));
  const parsed = useMemo(() => parseArgsJson(text), [text]);
  const changes = useMemo(
    () => (parsed.ok ? diffArgs({ proposed, edited: parsed.value }) : []),
    [parsed, proposed],
  );

  // Opening the editor puts the keyboard in it.
  useEffect(() => {
    textareaRef.current?.focus();
  }, []);

  const refusal = serverError ? describeError(serverError) : null;
  const issues = requestIssues(serverError);
  const canSend = parsed.ok && changes.length > 0 && !busy;
  const describedBy = [parsed.ok ? diffId : errorId, refusal ? serverErrorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <form
      className="space-y-2 rounded-md border border-slate-200 bg-white p-3"
      data-testid="approval-args-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.ok && canSend) onSubmit(parsed.value);
      }}
    >
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-800">
        Arguments to run the step with (JSON object)
      </label>
      <textarea
        id={inputId}
        ref={textareaRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          }
        }}
        readOnly={busy}
        rows={Math.min(14, Math.max(4, text.split("\n").length + 1))}
        spellCheck={false}
        aria-invalid={parsed.ok ? undefined : true}
        aria-describedby={describedBy}
        data-testid="approval-args-input"
        className="block w-full resize-y rounded border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs aria-invalid:border-red-500"
      />
      {parsed.ok ? (
        <ApprovalArgsDiff changes={changes} id={diffId} />
      ) : (
        <p id={errorId} className="text-xs text-red-800" data-testid="approval-args-json-error">
          {parsed.message}
        </p>
      )}
      {refusal ? (
        <div
          id={serverErrorId}
          role="alert"
          className="rounded border border-red-200 bg-red-50 p-2 text-xs text-red-900"
          data-testid="approval-modify-error"
        >
          The server refused these arguments: {refusal.message}{" "}
          <code className="rounded bg-red-100 px-1 py-0.5" data-testid="approval-modify-error-code">
            {refusal.code}
          </code>
          {issues.length > 0 ? (
            <ul className="mt-1 list-disc pl-5" data-testid="approval-modify-issues">
              {issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>
                  {issue.path ? <code className="font-mono">{issue.path}</code> : null}
                  {issue.path ? ": " : null}
                  {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
          <span className="block">
            The run is still paused; edit the arguments or decide otherwise.
          </span>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={!canSend}
          aria-busy={busy}
          data-testid="approval-modify-submit"
        >
          {busy ? "Sending…" : "Run with these arguments"}
        </button>
        <button
          type="button"
          className={quietButtonClass}
          onClick={onCancel}
          disabled={busy}
          data-testid="approval-modify-cancel"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
