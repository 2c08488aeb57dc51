"use client";

import Link from "next/link";
import { useRerun } from "@/hooks/use-reruns";
import { isRerunActive } from "@/lib/contracts/rerun";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { changedTurnsOf, rerunProgressText, revisionText } from "./rerun-progress";
import { RerunTurnDiff } from "./rerun-turn-diff";

function chatLink(sessionId: string): string {
  return `/chat?session=${encodeURIComponent(sessionId)}`;
}

/** One re-run: what it asked against, how far it is, and each turn before | after. */
export function RerunDiffView({ rerunId }: { rerunId: string }) {
  const query = useRerun(rerunId);
  if (query.isPending) {
    return (
      <>
        <PageHeader title="Re-run" />
        <div
          aria-busy="true"
          data-testid="rerun-loading"
          className="h-40 animate-pulse rounded-lg bg-slate-100"
        >
          <span className="sr-only">Loading…</span>
        </div>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title="Re-run" />
        <ErrorState
          title="This re-run could not be loaded."
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
          testId="rerun-error"
        />
      </>
    );
  }
  const rerun = query.data;
  const active = isRerunActive(rerun.status);
  return (
    <>
      <PageHeader
        title={`Re-run of “${rerun.original_title}”`}
        description={
          <>
            Asked again on {revisionText(rerun.revision)} with {rerun.model}
            {rerun.trigger === "watch" ? ", started by a watch on the dataset" : ""}.{" "}
            <Link
              href={chatLink(rerun.original_session_id)}
              className="font-medium text-blue-700 underline"
            >
              Original conversation
            </Link>{" "}
            ·{" "}
            <Link
              href={chatLink(rerun.session_id)}
              className="font-medium text-blue-700 underline"
              data-testid="rerun-session-link"
            >
              Re-run conversation
            </Link>{" "}
            ·{" "}
            <Link href="/reruns" className="font-medium text-blue-700 underline">
              All re-runs
            </Link>
          </>
        }
      />
      <p
        role="status"
        aria-busy={active}
        className={`mb-4 rounded-md px-3 py-2 text-sm ${
          rerun.status === "failed" ? "bg-red-50 text-red-900" : "bg-slate-100 text-slate-800"
        }`}
        data-testid="rerun-summary"
        data-status={rerun.status}
      >
        {rerunProgressText({ ...rerun, changed_turns: changedTurnsOf(rerun) })}
      </p>
      {rerun.turns.length === 0 ? (
        <EmptyState title="This conversation had no question to ask again." testId="rerun-empty" />
      ) : (
        <ol className="space-y-8" aria-label="Turns" data-testid="rerun-turns">
          {rerun.turns.map((turn, index) => (
            <RerunTurnDiff key={turn.before.run_id ?? turn.message} turn={turn} index={index} />
          ))}
        </ol>
      )}
    </>
  );
}
