"use client";

import { useMemo } from "react";
import type { RunView } from "@/hooks/api/run-view";
import { AnswerMarkdown } from "../../markdown/answer-markdown";
import { buildFigureIndex } from "../../markdown/figure-links";
import { RunArtifactLinks } from "../tool-results/run-artifact-links";

/** A run's (streaming) answer with its figure links and artifact links. */
export function RunAnswer({
  view,
  finished,
  describedBy,
  onFigureSelect,
}: {
  view: RunView;
  finished: boolean;
  describedBy: (toolCallId: string) => string;
  onFigureSelect: (toolCallId: string) => void;
}) {
  // Figures can only be traced once the results are known (the snapshot carries them).
  const figureIndex = useMemo(
    () => (view.hasSnapshot ? buildFigureIndex(view.tools) : null),
    [view.hasSnapshot, view.tools],
  );
  return (
    <div
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="assistant-answer"
      data-complete={finished ? "true" : "false"}
    >
      <AnswerMarkdown
        text={view.text}
        figureIndex={figureIndex}
        describedBy={describedBy}
        onFigureSelect={onFigureSelect}
      />
      <div className="mt-3 empty:hidden">
        <RunArtifactLinks tools={view.tools} onSelect={onFigureSelect} />
      </div>
    </div>
  );
}
