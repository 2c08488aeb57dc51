"use client";

import type { Session } from "@/lib/contracts/session";
import { formatDateTime } from "../../format/format-date-time";

/** A conversation's link in the list: its title, its dataset and when it was last asked. */
export function SessionLink({
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
      className={`block rounded-md px-3 pt-2 pb-1 text-sm ${
        selected ? "text-blue-900" : "text-slate-700 hover:text-slate-900"
      }`}
    >
      <span className="block truncate font-medium" data-testid="session-title">
        {session.title}
      </span>
      <span className="block truncate text-xs text-slate-600" data-testid="session-dataset">
        {session.dataset_name ? (
          <>
            <span className="sr-only">Dataset: </span>
            <span aria-hidden="true">◆ </span>
            {session.dataset_name}
          </>
        ) : (
          "No dataset yet"
        )}
      </span>
      <span className="block text-xs text-slate-500">
        {session.last_run_at ? "Last question " : "Started "}
        <time dateTime={when}>{formatDateTime(when)}</time>
      </span>
    </a>
  );
}
