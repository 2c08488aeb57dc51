"use client";

import { useId, useMemo, useState } from "react";
import { useSessionFiles } from "@/hooks/use-session-files";
import type { RunSummary } from "@/lib/contracts/session";
import { quietButtonClass } from "../../ui/button-styles";
import { ErrorState } from "../../ui/error-state";
import { SessionFilesTable } from "./session-files-table";

const areas = [
  {
    area: "Uploaded",
    title: "Datasets used here",
    empty: "No dataset has been attached to this conversation yet.",
  },
  {
    area: "Derived",
    title: "Results saved for you",
    empty:
      "No result has been saved in this conversation yet. When the agent saves a file for you, it appears here; saving it again adds a new version.",
  },
] as const;

/**
 * The conversation's files (AF-6, UI-4): the datasets it used and every result file saved in
 * it, each with a download and, for a saved version, the turn that saved it — in the reader's
 * words, never the agent's tool names. Closed by default; opening it loads the list.
 */
export function SessionFilesPanel({ sessionId, runs }: { sessionId: string; runs: RunSummary[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const query = useSessionFiles({ sessionId, enabled: open });
  const runOrdinal = useMemo(
    () =>
      new Map(
        [...runs]
          .sort((left, right) => left.created_at.localeCompare(right.created_at))
          .map((run, index) => [run.run_id, index + 1] as const),
      ),
    [runs],
  );

  return (
    <section
      className="mb-4 rounded-lg border border-slate-200 bg-white text-sm"
      aria-label="Files of this conversation"
      data-testid="session-files-panel"
    >
      <div className="flex items-center justify-between px-3 py-2">
        <button
          type="button"
          className={quietButtonClass}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
          data-testid="session-files-toggle"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span> Files
        </button>
        {open && query.data ? (
          <button
            type="button"
            className={quietButtonClass}
            onClick={() => query.refetch()}
            disabled={query.isFetching}
            data-testid="session-files-refresh"
          >
            {query.isFetching ? "Refreshing…" : "Refresh"}
          </button>
        ) : null}
      </div>
      <div id={panelId} hidden={!open} className="space-y-3 border-t border-slate-200 p-3">
        {!open ? null : query.isPending ? (
          <p
            className="text-xs text-slate-600"
            aria-busy="true"
            data-testid="session-files-loading"
          >
            Loading the files…
          </p>
        ) : query.isError ? (
          <ErrorState
            title="The files of this conversation could not be loaded."
            error={query.error}
            onRetry={() => query.refetch()}
            isRetrying={query.isFetching}
            testId="session-files-error"
          />
        ) : (
          areas.map(({ area, title, empty }) => {
            const files = query.data.files.filter(
              (file) => file.area === area && file.kind === "file",
            );
            return (
              <div key={area} data-testid={`session-files-${area}`}>
                <h3 className="mb-1 text-xs font-semibold text-slate-800">
                  {title} <span className="font-normal text-slate-500">({files.length})</span>
                </h3>
                {files.length === 0 ? (
                  <p className="text-xs text-slate-600" data-testid={`session-files-${area}-empty`}>
                    {empty}
                  </p>
                ) : (
                  <div className="overflow-x-auto rounded border border-slate-200">
                    <SessionFilesTable area={area} files={files} runOrdinal={runOrdinal} />
                  </div>
                )}
              </div>
            );
          })
        )}
        {open && query.data?.truncated ? (
          <p className="text-xs text-slate-600">The list was cut at its limit.</p>
        ) : null}
      </div>
    </section>
  );
}
