"use client";

import { useMemo, useRef, useState } from "react";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { useCapabilities } from "@/hooks/use-capabilities";
import { useChatSession } from "@/hooks/use-chat-session";
import { useDatasets } from "@/hooks/use-datasets";
import type { Dataset } from "@/lib/contracts/dataset";
import { finishedRunStatuses, isRunBusy } from "@/lib/contracts/run-status";
import type { ChatMessage, RunSummary } from "@/lib/contracts/session";
import { quietButtonClass } from "../ui/button-styles";
import { ErrorState } from "../ui/error-state";
import { busyReason } from "./busy-reason";
import { ConversationSkeleton } from "./chat-skeleton";
import { ChatTurn } from "./chat-turn";
import { ExampleQuestions } from "./example-questions";
import { type EditingTurn, MessageBox } from "./message-box";
import { SessionFilesPanel } from "./session-files-panel";
import { UserMessage } from "./user-message";

type Turn = { run: RunSummary; userMessages: ChatMessage[] };

/** Groups the session's messages under the runs they belong to, in run order. */
function groupTurns(messages: ChatMessage[], runs: RunSummary[]) {
  const byRun = new Map<string, ChatMessage[]>();
  const loose: ChatMessage[] = [];
  for (const message of [...messages].sort((left, right) => left.position - right.position)) {
    if (message.role !== "user") continue;
    if (message.run_id) byRun.set(message.run_id, [...(byRun.get(message.run_id) ?? []), message]);
    else loose.push(message);
  }
  const turns: Turn[] = [...runs]
    .sort((left, right) => left.created_at.localeCompare(right.created_at))
    .map((run) => ({ run, userMessages: byRun.get(run.run_id) ?? [] }));
  return { turns, loose };
}

function isLive(run: RunSummary): boolean {
  return isRunBusy({
    runStatus: run.run_status,
    terminalPersisted: run.terminal_persisted,
    cancelStatus: run.cancel_status,
  });
}

/**
 * The turn that may be edited and asked again: the latest one, finished and saved, not already
 * replaced, with a message of the user's to edit — and only while a message may be sent.
 */
function editableTurn(turns: Turn[], canSend: boolean): Turn | null {
  const latest = turns.at(-1);
  if (!latest || !canSend) return null;
  const { run } = latest;
  if (!finishedRunStatuses.has(run.run_status) || !run.terminal_persisted) return null;
  if (run.replaced_by_run_id || latest.userMessages.length === 0) return null;
  return latest;
}

function messageText(message: ChatMessage): string {
  // Only the text parts: dataset chips are parts too and must not add empty lines.
  return message.parts
    .flatMap((part) => (part.type === "text" && "text" in part ? [String(part.text)] : []))
    .join("\n");
}

function messageDatasets(message: ChatMessage): string[] {
  return message.parts.flatMap((part) =>
    part.type === "dataset" && "dataset_id" in part ? [String(part.dataset_id)] : [],
  );
}

/** The selected conversation: its turns, and the message box driven by `can_send`. */
export function Conversation({
  sessionId,
  projectId,
  onLeave,
  autoFocusComposer = false,
}: {
  sessionId: string;
  projectId: string;
  /** Put the cursor in the message box once it is there (a conversation just created). */
  autoFocusComposer?: boolean;
  /** Clears the selection (the session is gone or belongs to another project). */
  onLeave: () => void;
}) {
  const sessionQuery = useChatSession(sessionId);
  const datasetsQuery = useDatasets(projectId);
  const capabilities = useCapabilities();
  const [draft, setDraft] = useState("");
  // Set once per Edit click (a stable object: the box copies its attachments when it changes).
  const [editing, setEditing] = useState<(EditingTurn & { draftBefore: string }) | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const datasetsById = useMemo(
    () =>
      new Map<string, Dataset>(
        (datasetsQuery.data ?? []).map((dataset) => [dataset.dataset_id, dataset]),
      ),
    [datasetsQuery.data],
  );
  const snapshot = sessionQuery.data;
  const grouped = useMemo(
    () => (snapshot ? groupTurns(snapshot.messages, snapshot.runs) : null),
    [snapshot],
  );

  if (sessionQuery.isPending) return <ConversationSkeleton />;
  if (sessionQuery.isError) {
    const missing =
      sessionQuery.error instanceof ApiRequestError && sessionQuery.error.status === 404;
    return (
      <div className="space-y-3">
        <ErrorState
          title={
            missing
              ? "This conversation does not exist (any more)."
              : "The conversation could not be loaded."
          }
          error={sessionQuery.error}
          onRetry={missing ? undefined : () => sessionQuery.refetch()}
          isRetrying={sessionQuery.isFetching}
          testId="conversation-error"
        />
        {missing ? (
          <button type="button" className={quietButtonClass} onClick={onLeave}>
            Back to the conversations
          </button>
        ) : null}
      </div>
    );
  }
  if (!snapshot || !grouped) return null;
  if (snapshot.project_id !== projectId) {
    return (
      <div
        className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
        data-testid="conversation-other-project"
      >
        This conversation belongs to another project. Switch back to that project to open it, or{" "}
        <button type="button" className="font-medium underline" onClick={onLeave}>
          choose a conversation of this one
        </button>
        .
      </div>
    );
  }

  const isEmpty = grouped.turns.length === 0 && grouped.loose.length === 0;
  const editable =
    capabilities.data?.edit_latest_turn_v1 === true
      ? editableTurn(grouped.turns, snapshot.can_send)
      : null;
  // An edit whose turn is no longer the latest finished one (another tab sent) is dropped.
  const activeEdit = editing && editable?.run.run_id === editing.runId ? editing : null;

  const startEdit = (turn: Turn) => {
    const last = turn.userMessages.at(-1);
    if (!last) return;
    setEditing({
      runId: turn.run.run_id,
      attachments: messageDatasets(last),
      draftBefore: activeEdit ? activeEdit.draftBefore : draft,
    });
    setDraft(messageText(last));
    textareaRef.current?.focus();
  };
  const cancelEdit = () => {
    setDraft(activeEdit?.draftBefore ?? "");
    setEditing(null);
    textareaRef.current?.focus();
  };
  return (
    <div
      className="flex min-h-[60vh] flex-col"
      data-testid="conversation"
      data-session-id={sessionId}
    >
      <h2 className="sr-only">{snapshot.title}</h2>
      <SessionFilesPanel sessionId={sessionId} runs={snapshot.runs} />
      <div className="flex-1 pb-4">
        {isEmpty ? (
          <ExampleQuestions
            onPick={(question) => {
              setDraft(question);
              textareaRef.current?.focus();
            }}
          />
        ) : (
          <ol className="space-y-6" aria-label="Messages" data-testid="chat-turns">
            {grouped.loose.map((message) => (
              <li key={message.message_id}>
                <UserMessage message={message} datasetsById={datasetsById} />
              </li>
            ))}
            {grouped.turns.map((turn) => (
              <ChatTurn
                key={turn.run.run_id}
                run={turn.run}
                userMessages={turn.userMessages}
                live={isLive(turn.run)}
                datasetsById={datasetsById}
                onEdit={editable === turn ? () => startEdit(turn) : undefined}
                beingEdited={activeEdit?.runId === turn.run.run_id}
              />
            ))}
          </ol>
        )}
      </div>
      <MessageBox
        sessionId={sessionId}
        projectId={projectId}
        canSend={snapshot.can_send}
        busyReason={busyReason(snapshot)}
        draft={draft}
        onDraftChange={setDraft}
        textareaRef={textareaRef}
        autoFocus={autoFocusComposer}
        editing={activeEdit}
        onCancelEdit={cancelEdit}
        onSent={() => setEditing(null)}
      />
    </div>
  );
}
