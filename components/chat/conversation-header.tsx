import type { SessionSnapshot } from "@/lib/contracts/session";

/**
 * The open conversation's title and the dataset it works on, so a question is not asked of
 * the wrong data by mistake.
 */
export function ConversationHeader({ snapshot }: { snapshot: SessionSnapshot }) {
  return (
    <header
      className="mb-3 flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1"
      data-testid="conversation-header"
    >
      <h2
        className="min-w-0 truncate text-base font-semibold text-slate-900"
        data-testid="conversation-title"
      >
        {snapshot.title}
      </h2>
      <p className="min-w-0 truncate text-sm text-slate-600" data-testid="conversation-dataset">
        {snapshot.dataset_name ? (
          <>
            Dataset: <strong className="font-medium text-slate-800">{snapshot.dataset_name}</strong>
          </>
        ) : (
          "No dataset yet: attach one to your question."
        )}
      </p>
    </header>
  );
}
