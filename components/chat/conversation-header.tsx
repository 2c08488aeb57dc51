import type { SessionSnapshot } from "@/lib/contracts/session";
import { ConversationRerunControls } from "../reruns/conversation-rerun-controls";

/**
 * The open conversation's title and the dataset it works on, so a question is not asked of
 * the wrong data by mistake; and asking it all again on the latest data.
 */
export function ConversationHeader({ snapshot }: { snapshot: SessionSnapshot }) {
  return (
    <header className="mb-3 space-y-2" data-testid="conversation-header">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2
          className="min-w-0 truncate text-base font-semibold text-slate-900"
          data-testid="conversation-title"
        >
          {snapshot.title}
        </h2>
        <p className="min-w-0 truncate text-sm text-slate-600" data-testid="conversation-dataset">
          {snapshot.dataset_name ? (
            <>
              Dataset:{" "}
              <strong className="font-medium text-slate-800">{snapshot.dataset_name}</strong>
            </>
          ) : (
            "No dataset yet: attach one to your question."
          )}
        </p>
      </div>
      <ConversationRerunControls key={snapshot.session_id} snapshot={snapshot} />
    </header>
  );
}
