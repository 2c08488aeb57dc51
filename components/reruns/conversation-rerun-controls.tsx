"use client";

import Link from "next/link";
import { useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { useRerun, useStartRerun } from "@/hooks/use-reruns";
import { useSessionWatches } from "@/hooks/use-session-watches";
import type { SessionSnapshot } from "@/lib/contracts/session";
import { secondaryButtonClass } from "../ui/button-styles";
import { changedTurnsOf, rerunProgressText } from "./rerun-progress";

/**
 * "Re-run on the latest data" for a conversation, with the re-run's progress and a link to
 * what changed; and "Watch this dataset", which re-runs it by itself on each new revision.
 */
export function ConversationRerunControls({ snapshot }: { snapshot: SessionSnapshot }) {
  const start = useStartRerun({ projectId: snapshot.project_id });
  const [rerunId, setRerunId] = useState<string | null>(null);
  const rerun = useRerun(rerunId);
  const asked = snapshot.runs.length > 0;
  const working =
    start.isPending ||
    (rerun.data
      ? rerun.data.status === "queued" || rerun.data.status === "running"
      : rerunId !== null);
  return (
    <div
      className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2"
      data-testid="rerun-controls"
    >
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!asked || working}
        title={
          asked
            ? undefined
            : "Ask a question first: a re-run asks this conversation's questions again."
        }
        onClick={() =>
          start.mutate(
            { sessionId: snapshot.session_id },
            { onSuccess: (started) => setRerunId(started.rerun_id) },
          )
        }
        data-testid="rerun-button"
      >
        {working ? "Re-running…" : "Re-run on the latest data"}
      </button>
      {rerunId ? (
        <p className="min-w-0 text-sm text-slate-700" role="status" data-testid="rerun-status">
          {rerun.data
            ? rerunProgressText({ ...rerun.data, changed_turns: changedTurnsOf(rerun.data) })
            : "Starting the re-run…"}{" "}
          <Link
            href={`/reruns/${encodeURIComponent(rerunId)}`}
            className="font-medium text-blue-700 underline"
            data-testid="rerun-open-link"
          >
            See what changed
          </Link>
        </p>
      ) : null}
      {start.isError ? (
        <p className="text-sm text-red-800" role="alert" data-testid="rerun-start-error">
          The re-run could not start: {describeError(start.error).message}
        </p>
      ) : null}
      {snapshot.dataset_id ? (
        <WatchToggle
          sessionId={snapshot.session_id}
          datasetId={snapshot.dataset_id}
          datasetName={snapshot.dataset_name}
        />
      ) : null}
    </div>
  );
}

function WatchToggle({
  sessionId,
  datasetId,
  datasetName,
}: {
  sessionId: string;
  datasetId: string;
  datasetName: string | null;
}) {
  const { watches, toggle } = useSessionWatches(sessionId);
  const saved = watches.data?.some((watch) => watch.dataset_id === datasetId) ?? false;
  // The box shows the choice at once, until the saved list is read back (a failed save puts it
  // back, with the reason beside it).
  const [choice, setChoice] = useState<boolean | null>(null);
  const watched = choice ?? saved;
  const pending = watches.isPending || toggle.isPending;
  const onChange = (watch: boolean) => {
    setChoice(watch);
    toggle.mutate({ datasetId, watch }, { onSettled: () => setChoice(null) });
  };
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-slate-700">
      <label
        className="inline-flex items-center gap-2"
        title={`Re-run this conversation by itself whenever ${datasetName ?? "its dataset"} gets a new revision`}
      >
        <input
          type="checkbox"
          checked={watched}
          disabled={pending || watches.isError}
          onChange={(event) => onChange(event.target.checked)}
          data-testid="watch-dataset-toggle"
        />
        Watch this dataset
      </label>
      {watches.isError || toggle.isError ? (
        <span className="text-red-800" role="alert" data-testid="watch-dataset-error">
          {describeError(toggle.error ?? watches.error).message}
        </span>
      ) : null}
    </span>
  );
}
