"use client";

import { useMemo } from "react";
import type { AnalysisReport } from "@/lib/contracts/analysis-report";
import { AnswerMarkdown } from "../markdown/answer-markdown";
import { buildReportFigureIndex } from "./report-figure-index";

/**
 * A report's Markdown through the chat's safe renderer (no raw HTML, no scripts, no images:
 * the subset has none) with its figures linked to the results they came from.
 */
export function ReportDocument({
  report,
  describedBy,
  onFigureSelect,
}: {
  report: AnalysisReport;
  describedBy: (toolCallId: string) => string;
  onFigureSelect: (toolCallId: string) => void;
}) {
  const figureIndex = useMemo(() => buildReportFigureIndex(report.sources), [report.sources]);
  if (report.markdown === null) {
    return (
      <p className="text-sm text-slate-700" data-testid="report-html-only">
        This report was stored as HTML only, so it cannot be shown here safely; download the HTML to
        read it.
      </p>
    );
  }
  return (
    <div data-testid="report-document">
      <AnswerMarkdown
        text={report.markdown}
        figureIndex={figureIndex}
        describedBy={describedBy}
        onFigureSelect={onFigureSelect}
      />
    </div>
  );
}
