"use client";

import type { ToolCardState } from "@/hooks/api/run-view";
import { formatDuration } from "../transcript/format-duration";
import { toolCardDomId, toolCardTitleId } from "./tool-card-dom-id";
import { ToolStatusBadge, toolStatusLabel } from "./tool-status-badge";

const toggleClass =
  "rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100 aria-expanded:text-slate-900";

/**
 * A succeeded stage-setting call (load, graph state, search, list) on one line: its name,
 * status, what it found in a few words (never an id) and its duration, with Details to open
 * the full card. It keeps the card's id, so a figure link still reaches and highlights it.
 */
export function FoldedToolCard({
  runId,
  card,
  line,
  highlighted,
  onUnfold,
}: {
  runId: string;
  card: ToolCardState;
  line: string;
  highlighted: boolean;
  onUnfold: () => void;
}) {
  const ids = { runId, toolCallId: card.toolCallId };
  return (
    <article
      id={toolCardDomId(ids)}
      tabIndex={-1}
      aria-labelledby={toolCardTitleId(ids)}
      data-testid="tool-card"
      data-tool-name={card.toolName}
      data-tool-call-id={card.toolCallId}
      data-status={card.status}
      data-collapsed="true"
      data-highlighted={highlighted ? "true" : "false"}
      className={`rounded-lg border px-3 py-1 text-sm transition-colors duration-300 focus:outline-none ${
        highlighted
          ? "border-amber-400 bg-amber-50 ring-2 ring-amber-300"
          : "border-slate-200 bg-slate-50"
      }`}
    >
      {/* One line where it fits; on a phone the summary wraps below rather than widen the page. */}
      <header className="flex min-w-0 flex-wrap items-center gap-x-2 whitespace-nowrap">
        <h3 id={toolCardTitleId(ids)} className="font-mono text-xs font-semibold text-slate-700">
          {card.toolName}
          <span className="sr-only"> tool call, {toolStatusLabel(card.status)}</span>
        </h3>
        <ToolStatusBadge status={card.status} />
        <span
          className="min-w-0 flex-1 truncate text-xs text-slate-600"
          data-testid="tool-card-summary"
        >
          {line}
        </span>
        {card.durationMs !== null ? (
          <span className="text-xs text-slate-500" data-testid="tool-card-duration">
            {formatDuration(card.durationMs)}
          </span>
        ) : null}
        <button
          type="button"
          className={toggleClass}
          aria-expanded={false}
          onClick={onUnfold}
          data-testid="tool-card-expand"
          aria-label={`Show the details of ${card.toolName}`}
        >
          Details
        </button>
      </header>
    </article>
  );
}
