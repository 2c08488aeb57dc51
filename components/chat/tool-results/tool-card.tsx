"use client";

import { useId, useState } from "react";
import type { JobProgressState, ToolCardState } from "@/hooks/api/run-view";
import { summaryWithoutIds } from "../../markdown/entity-ids";
import { formatDuration } from "../transcript/format-duration";
import { FoldedToolCard } from "./folded-tool-card";
import { JobProgressBar } from "./job-progress-bar";
import { isPlumbingTool, plumbingLine } from "./plumbing-tools";
import { toolCardDomId, toolCardTitleId } from "./tool-card-dom-id";
import { ToolResultArtifact } from "./tool-result-artifact";
import { ToolResultTable } from "./tool-result-table";
import { ToolStatusBadge, toolStatusLabel } from "./tool-status-badge";

const toggleClass =
  "rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100 aria-expanded:text-slate-900";
const panelClass =
  "mt-2 max-h-80 overflow-auto rounded bg-slate-50 p-2 font-mono text-[11px] text-slate-800";

// Results can be large (a community list); the card shows the start and says it is cut.
const maxShownResultCharacters = 20_000;

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "null";
  } catch {
    return String(value);
  }
}

/**
 * One tool call: name, live status, duration, summary, error code, what blocked it, and its
 * arguments and result data behind disclosures. Figure links in the answer scroll here and
 * highlight it.
 */
export function ToolCard({
  runId,
  card,
  toolNames,
  highlighted,
  job,
  answerHasTable = false,
}: {
  runId: string;
  card: ToolCardState;
  /** The run's answer shows its own table: list tables here fold so a ranking is shown once. */
  answerHasTable?: boolean;
  /** The newest job this call is waiting on (or waited on), if it ran as one. */
  job?: JobProgressState;
  /** Names of the run's calls by id, to say which call blocked this one. */
  toolNames: ReadonlyMap<string, string>;
  highlighted: boolean;
}) {
  const ids = { runId, toolCallId: card.toolCallId };
  const panelId = useId();
  const [shown, setShown] = useState<"args" | "result" | null>(null);
  const toggle = (panel: "args" | "result") =>
    setShown((current) => (current === panel ? null : panel));
  const resultText = card.result?.data !== undefined ? prettyJson(card.result.data) : null;
  const message = card.result?.message?.trim();
  const summary = card.summary ? summaryWithoutIds(card.summary) : null;
  // A succeeded stage-setting call (load, state, search, list) folds to one line.
  const foldable = isPlumbingTool(card.toolName) && card.status === "succeeded" && !card.errorCode;
  const [unfolded, setUnfolded] = useState(false);
  const folded = foldable && !unfolded;
  if (folded) {
    return (
      <FoldedToolCard
        runId={runId}
        card={card}
        line={plumbingLine({ data: card.result?.data, summary })}
        highlighted={highlighted}
        onUnfold={() => setUnfolded(true)}
      />
    );
  }
  return (
    <article
      id={toolCardDomId(ids)}
      tabIndex={-1}
      aria-labelledby={toolCardTitleId(ids)}
      data-testid="tool-card"
      data-tool-name={card.toolName}
      data-tool-call-id={card.toolCallId}
      data-status={card.status}
      data-collapsed="false"
      data-highlighted={highlighted ? "true" : "false"}
      className={`rounded-lg border px-3 py-2 text-sm shadow-sm transition-colors duration-300 focus:outline-none ${
        highlighted
          ? "border-amber-400 bg-amber-50 ring-2 ring-amber-300"
          : "border-slate-200 bg-white"
      }`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={toolCardTitleId(ids)} className="font-mono text-sm font-semibold text-slate-900">
          {card.toolName}
          <span className="sr-only"> tool call, {toolStatusLabel(card.status)}</span>
        </h3>
        <ToolStatusBadge status={card.status} />
        {card.durationMs !== null ? (
          <span
            className="text-xs text-slate-500"
            data-testid="tool-card-duration"
            data-duration-ms={card.durationMs}
          >
            {formatDuration(card.durationMs)}
          </span>
        ) : null}
        <span className="ml-auto flex gap-1">
          {foldable ? (
            <button
              type="button"
              className={toggleClass}
              aria-expanded={true}
              onClick={() => setUnfolded(false)}
              data-testid="tool-card-collapse"
            >
              Fold
            </button>
          ) : null}
          <button
            type="button"
            className={toggleClass}
            aria-expanded={shown === "args"}
            aria-controls={panelId}
            onClick={() => toggle("args")}
            data-testid="tool-card-args-toggle"
          >
            Arguments
          </button>
          {resultText !== null ? (
            <button
              type="button"
              className={toggleClass}
              aria-expanded={shown === "result"}
              aria-controls={panelId}
              onClick={() => toggle("result")}
              data-testid="tool-card-result-toggle"
            >
              Result data
            </button>
          ) : null}
        </span>
      </header>
      {job ? <JobProgressBar job={job} /> : null}
      {summary ? (
        <p className="mt-1 break-words text-xs text-slate-700" data-testid="tool-card-summary">
          {summary}
        </p>
      ) : null}
      <ToolCardProblems card={card} message={message} toolNames={toolNames} />
      <ToolResultArtifact card={card} />
      <ToolResultTable card={card} foldLists={answerHasTable} />
      <div id={panelId}>
        {shown === "args" ? (
          <pre className={panelClass} data-testid="tool-card-args">
            {prettyJson(card.args ?? {})}
          </pre>
        ) : null}
        {/* Always in the DOM (hidden when closed), so the data can be read without a click. */}
        {resultText !== null ? (
          <pre
            className={panelClass}
            hidden={shown !== "result"}
            data-testid="tool-card-result-data"
          >
            {resultText.length > maxShownResultCharacters
              ? `${resultText.slice(0, maxShownResultCharacters)}\n… (cut; the full result is in GET /api/runs/${runId})`
              : resultText}
          </pre>
        ) : null}
      </div>
    </article>
  );
}

/** What went wrong with a call: its error code and message, and the calls that blocked it. */
function ToolCardProblems({
  card,
  message,
  toolNames,
}: {
  card: ToolCardState;
  message: string | undefined;
  toolNames: ReadonlyMap<string, string>;
}) {
  return (
    <>
      {card.errorCode ? (
        <p className="mt-1 text-xs text-red-800" data-testid="tool-card-error">
          <code
            className="rounded bg-red-50 px-1 py-0.5 ring-1 ring-red-200"
            data-testid="tool-card-error-code"
          >
            {card.errorCode}
          </code>
          {message && message !== card.summary ? ` ${message}` : null}
        </p>
      ) : null}
      {card.blockedBy.length > 0 ? (
        <p className="mt-1 text-xs text-amber-900" data-testid="tool-card-blocked-by">
          Blocked by{" "}
          {card.blockedBy.map((id, position) => (
            <span key={id}>
              {position > 0 ? ", " : null}
              <code className="font-mono" title={id}>
                {toolNames.get(id) ?? id}
              </code>
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}
