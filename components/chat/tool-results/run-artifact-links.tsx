"use client";

import Link from "next/link";
import type { ToolCardState } from "@/hooks/api/run-view";
import { artifactIdOf } from "./tool-result-artifact";

/**
 * Beside the answer: the run's graph pictures and reports, each a jump to the tool card that
 * holds it (as a figure link does), and a report's page. The picture is drawn once, in its card,
 * so a chat never holds two WebGL contexts for one view.
 */
export function RunArtifactLinks({
  tools,
  onSelect,
}: {
  tools: ToolCardState[];
  onSelect: (toolCallId: string) => void;
}) {
  const items = tools.flatMap((card) => {
    const artifactId = artifactIdOf(card);
    if (!artifactId) return [];
    if (card.toolName === "visualize_subgraph") return [{ card, artifactId, kind: "picture" }];
    if (card.toolName === "create_analysis_report") return [{ card, artifactId, kind: "report" }];
    return [];
  });
  if (items.length === 0) return null;
  return (
    <ul
      className="flex flex-wrap gap-2 text-xs"
      aria-label="Pictures and reports of this answer"
      data-testid="run-artifact-links"
    >
      {items.map(({ card, artifactId, kind }) => (
        <li
          key={card.toolCallId}
          className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1"
        >
          <button
            type="button"
            className="font-medium text-blue-800 underline decoration-dotted underline-offset-2"
            onClick={() => onSelect(card.toolCallId)}
            data-testid="run-artifact-jump"
            data-kind={kind}
          >
            {kind === "picture" ? "Graph picture" : "Report"}
          </button>
          {kind === "report" ? (
            <Link
              href={`/results/reports/${encodeURIComponent(artifactId)}`}
              className="text-blue-700 underline"
              data-testid="run-artifact-report-link"
            >
              Open report
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
