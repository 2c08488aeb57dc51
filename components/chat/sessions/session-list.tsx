"use client";

import { useId, useMemo, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { useChatCreateSession } from "@/hooks/use-chat-create-session";
import { useSessionActions } from "@/hooks/use-session-actions";
import { useSessions } from "@/hooks/use-sessions";
import { primaryButtonClass } from "../../ui/button-styles";
import { ErrorState } from "../../ui/error-state";
import { SessionListSkeleton } from "../chat-skeleton";
import { SessionListItem } from "./session-list-item";
import { sessionMatches } from "./session-matches";

/**
 * The project's conversations with their datasets, a search over titles and dataset names, and
 * the action that starts a new one; each can be renamed or deleted in place.
 */
export function SessionList({
  projectId,
  selectedId,
  onSelect,
  onCreated,
  onDeleted,
}: {
  projectId: string;
  selectedId: string | null;
  onSelect: (sessionId: string) => void;
  /** A new conversation was created (and selected). */
  onCreated?: (sessionId: string) => void;
  /** A conversation was deleted (the page leaves it if it was open). */
  onDeleted?: (sessionId: string) => void;
}) {
  const sessionsQuery = useSessions(projectId);
  const createSession = useChatCreateSession({ projectId });
  const actions = useSessionActions({ projectId });
  const createError = createSession.isError ? describeError(createSession.error) : null;
  const [search, setSearch] = useState("");
  const searchId = useId();
  const visible = useMemo(
    () => (sessionsQuery.data ?? []).filter((session) => sessionMatches(session, search)),
    [sessionsQuery.data, search],
  );

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
        <>
          <div>
            <label htmlFor={searchId} className="sr-only">
              Search conversations by title or dataset
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by title or dataset"
              className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              data-testid="session-search"
            />
          </div>
          {visible.length === 0 ? (
            <p className="text-sm text-slate-600" role="status" data-testid="session-search-empty">
              No conversation matches “{search.trim()}”.
            </p>
          ) : (
            <ul
              className="max-h-[50vh] space-y-1 overflow-y-auto md:max-h-[calc(100vh-12rem)]"
              data-testid="session-items"
            >
              {visible.map((session) => (
                <li key={session.session_id}>
                  <SessionListItem
                    session={session}
                    selected={session.session_id === selectedId}
                    onSelect={onSelect}
                    onDeleted={(sessionId) => onDeleted?.(sessionId)}
                    actions={actions}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </nav>
  );
}
