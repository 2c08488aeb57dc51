"use client";

import { useMemo, useRef, useState } from "react";
import { useCapabilities } from "@/hooks/use-capabilities";
import { useChatSession } from "@/hooks/use-chat-session";
import { useDatasets } from "@/hooks/use-datasets";
import type { Dataset } from "@/lib/contracts/dataset";
import { ConversationSkeleton } from "./chat-skeleton";
import { busyReason } from "./composer/busy-reason";
import type { EditingTurn } from "./composer/editing-turn";
import { ExampleQuestions } from "./composer/example-questions";
import { MessageBox } from "./composer/message-box";
import { ConversationHeader } from "./conversation-header";
import { ConversationLoadError } from "./conversation-load-error";
import { ConversationOtherProject } from "./conversation-other-project";
import { SessionFilesPanel } from "./sessions/session-files-panel";
import { ChatTurn } from "./transcript/chat-turn";
import {
  type ConversationTurn,
  editableTurn,
  groupTurns,
  isLive,
  messageDatasets,
  messageText,
} from "./transcript/conversation-turns";
import { useOpenAtLatestTurn } from "./transcript/use-open-at-latest-turn";
import { UserMessage } from "./transcript/user-message";

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
  // The datasets picked in the message box, so the example questions speak of the first one.
  const [attachedIds, setAttachedIds] = useState<readonly string[]>([]);
  // Set once per Edit click (a stable object: the box copies its attachments when it changes).
  const [editing, setEditing] = useState<(EditingTurn & { draftBefore: string }) | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const turnsRef = useRef<HTMLOListElement>(null);
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
  useOpenAtLatestTurn({
    listRef: turnsRef,
    ready: Boolean(grouped) && snapshot?.project_id === projectId,
  });

  if (sessionQuery.isPending) return <ConversationSkeleton />;
  if (sessionQuery.isError) {
    return (
      <ConversationLoadError
        error={sessionQuery.error}
        isRetrying={sessionQuery.isFetching}
        onRetry={() => sessionQuery.refetch()}
        onLeave={onLeave}
      />
    );
  }
  if (!snapshot || !grouped) return null;
  if (snapshot.project_id !== projectId) return <ConversationOtherProject onLeave={onLeave} />;

  const isEmpty = grouped.turns.length === 0 && grouped.loose.length === 0;
  const editable =
    capabilities.data?.edit_latest_turn_v1 === true
      ? editableTurn(grouped.turns, snapshot.can_send)
      : null;
  // An edit whose turn is no longer the latest finished one (another tab sent) is dropped.
  const activeEdit = editing && editable?.run.run_id === editing.runId ? editing : null;

  const startEdit = (turn: ConversationTurn) => {
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
      <ConversationHeader snapshot={snapshot} />
      <SessionFilesPanel sessionId={sessionId} runs={snapshot.runs} />
      <div className="flex-1 pb-4">
        {isEmpty ? (
          <ExampleQuestions
            datasetId={attachedIds[0] ?? snapshot.dataset_id}
            onPick={(question) => {
              setDraft(question);
              textareaRef.current?.focus();
            }}
          />
        ) : (
          <ol ref={turnsRef} className="space-y-6" aria-label="Messages" data-testid="chat-turns">
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
        busyReason={busyReason(snapshot, { canStop: capabilities.data?.run_cancel_v1 === true })}
        draft={draft}
        onDraftChange={setDraft}
        textareaRef={textareaRef}
        autoFocus={autoFocusComposer}
        editing={activeEdit}
        onCancelEdit={cancelEdit}
        onSent={() => setEditing(null)}
        onAttachmentsChange={setAttachedIds}
      />
    </div>
  );
}
