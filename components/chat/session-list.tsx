"use client";

import { describeError } from "@/hooks/api/api-request-error";
import { useChatCreateSession } from "@/hooks/use-chat-create-session";
import { useSessions } from "@/hooks/use-sessions";
import type { Session } from "@/lib/contracts/session";
import { formatDateTime } from "../format/format-date-time";
import { primaryButtonClass } from "../ui/button-styles";
import { ErrorState } from "../ui/error-state";
import { SessionListSkeleton } from "./chat-skeleton";

function SessionLink({
  session,
  selected,
  onSelect,
}: {
  session: Session;
  selected: boolean;
  onSelect: (sessionId: string) => void;
}) {
  const when = session.last_run_at ?? session.created_at;
  return (
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
      className={`block rounded-md px-3 py-2 text-sm transition-colors ${
        selected
          ? "bg-blue-50 text-blue-900 ring-1 ring-blue-200"
          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      }`}
    >
      <span className="block truncate font-medium">{session.title}</span>
      <span className="block text-xs text-slate-500">
        {session.last_run_at ? "Last question " : "Started "}
        <time dateTime={when}>{formatDateTime(when)}</time>
      </span>
    </a>
  );
}

/** The project's conversations, with the action that starts a new one. */
export function SessionList({
  projectId,
  selectedId,
  onSelect,
  onCreated,
}: {
  projectId: string;
  selectedId: string | null;
  onSelect: (sessionId: string) => void;
  /** A new conversation was created (and selected). */
  onCreated?: (sessionId: string) => void;
}) {
  const sessionsQuery = useSessions(projectId);
  const createSession = useChatCreateSession({ projectId });
  const createError = createSession.isError ? describeError(createSession.error) : null;

  return (
    <nav aria-labelledby="session-list-heading" data-testid="session-list" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="session-list-heading" className="text-sm font-semibold text-slate-900">
          Conversations
        </h2>
        <button
          type="button"
          className={primaryButtonClass}
          onClick={() =>
            createSession.mutate(
              {},
              {
                onSuccess: (session) => {
                  onSelect(session.session_id);
                  onCreated?.(session.session_id);
                },
              },
            )
          }
          disabled={createSession.isPending}
          aria-busy={createSession.isPending}
          data-testid="new-session-button"
        >
          {createSession.isPending ? "Creating…" : "New analysis"}
        </button>
      </div>
      {createError ? (
        <p role="alert" className="text-xs text-red-800" data-testid="new-session-error">
          {createError.message} <code className="rounded bg-red-50 px-1">{createError.code}</code>
        </p>
      ) : null}
      {sessionsQuery.isPending ? (
        <SessionListSkeleton />
      ) : sessionsQuery.isError ? (
        <ErrorState
          title="The conversations could not be loaded."
          error={sessionsQuery.error}
          onRetry={() => sessionsQuery.refetch()}
          isRetrying={sessionsQuery.isFetching}
          testId="session-list-error"
        />
      ) : sessionsQuery.data.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="session-list-empty">
          No conversations yet. Start one with “New analysis”.
        </p>
      ) : (
        <ul className="space-y-1" data-testid="session-items">
          {sessionsQuery.data.map((session) => (
            <li key={session.session_id}>
              <SessionLink
                session={session}
                selected={session.session_id === selectedId}
                onSelect={onSelect}
              />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
