/** Placeholder while a conversation loads, shaped like messages and the box below them. */
export function ConversationSkeleton() {
  return (
    <div data-testid="conversation-loading" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading the conversation…</span>
      <div aria-hidden="true" className="space-y-4">
        <div className="ml-auto h-12 w-2/3 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-16 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-32 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-28 animate-pulse rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}

/** Placeholder rows while the sessions list loads. */
export function SessionListSkeleton() {
  return (
    <div data-testid="session-list-loading" aria-busy="true" className="space-y-2">
      <span className="sr-only">Loading conversations…</span>
      {["first", "second", "third"].map((row) => (
        <div key={row} aria-hidden="true" className="h-10 animate-pulse rounded-md bg-slate-200" />
      ))}
    </div>
  );
}
