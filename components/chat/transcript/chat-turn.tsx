"use client";

import { useId, useState } from "react";
import type { Dataset } from "@/lib/contracts/dataset";
import type { ChatMessage, RunSummary } from "@/lib/contracts/session";
import { quietButtonClass } from "../../ui/button-styles";
import { RunTranscript } from "./run-transcript";
import { UserMessage } from "./user-message";

/**
 * One exchange: the user's message and the run that answers it. A turn whose message was edited
 * stays in the history, dimmed and labelled, with its answer folded away (it can be reopened).
 */
export function ChatTurn({
  run,
  userMessages,
  live,
  datasetsById,
  onEdit,
  beingEdited = false,
}: {
  run: RunSummary;
  userMessages: ChatMessage[];
  live: boolean;
  datasetsById: ReadonlyMap<string, Dataset>;
  /** Offered on the latest finished turn when the server supports editing it. */
  onEdit?: () => void;
  /** The message box is editing this turn's message. */
  beingEdited?: boolean;
}) {
  const replaced = Boolean(run.replaced_by_run_id);
  // Only a replaced turn folds its answer away; it starts folded, even if replaced while open.
  const [answerShown, setAnswerShown] = useState(false);
  const answerId = useId();
  const showAnswer = !replaced || answerShown;

  return (
    <li
      className={`space-y-3 ${replaced ? "opacity-60" : ""} ${
        beingEdited ? "rounded-lg ring-2 ring-amber-300 ring-offset-4 ring-offset-slate-50" : ""
      }`}
      data-testid="chat-turn"
      data-run-id={run.run_id}
      data-replaced={replaced ? "true" : "false"}
      data-being-edited={beingEdited ? "true" : "false"}
    >
      {replaced ? (
        <p className="flex flex-wrap items-center justify-end gap-2 text-xs text-slate-600">
          <span
            className="rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-700"
            data-testid="turn-edited-label"
          >
            Edited
          </span>
          This message was edited and asked again below.
          <button
            type="button"
            className={quietButtonClass}
            aria-expanded={answerShown}
            aria-controls={answerId}
            onClick={() => setAnswerShown((shown) => !shown)}
            data-testid="turn-edited-toggle"
          >
            {answerShown ? "Hide the earlier answer" : "Show the earlier answer"}
          </button>
        </p>
      ) : null}
      {userMessages.map((message) => (
        <UserMessage key={message.message_id} message={message} datasetsById={datasetsById} />
      ))}
      {onEdit ? (
        <div className="flex justify-end">
          <button
            type="button"
            className={quietButtonClass}
            onClick={onEdit}
            aria-label="Edit your last message and ask again"
            data-testid="edit-turn-button"
          >
            <span aria-hidden="true">✎</span> Edit
          </button>
        </div>
      ) : null}
      <div id={answerId} hidden={!showAnswer}>
        {showAnswer ? (
          <RunTranscript runId={run.run_id} live={live} savedCancelStatus={run.cancel_status} />
        ) : null}
      </div>
    </li>
  );
}
