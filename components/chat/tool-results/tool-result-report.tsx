"use client";

import Link from "next/link";
import { useCallback, useId, useState } from "react";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { useReport } from "@/hooks/use-report";
import { ReportDisclaimer } from "../../reports/report-disclaimer";
import { ReportDocument } from "../../reports/report-document";
import { ReportDownloads } from "../../reports/report-downloads";
import { reportSourceDomId } from "../../reports/report-figure-index";
import { quietButtonClass } from "../../ui/button-styles";
import { ErrorState } from "../../ui/error-state";
import { toolCardDomId, toolCardTitleId } from "./tool-card-dom-id";

/**
 * A create_analysis_report result in its tool card: the report's title, the tools it explains,
 * a link to its page, downloads, and the report itself inline on request. A figure link jumps to
 * the tool card it came from when that card is on screen, else to the report page's source.
 */
export function ToolResultReport({ artifactId }: { artifactId: string }) {
  const query = useReport(artifactId);
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();

  const selectFigure = useCallback(
    (toolCallId: string) => {
      const source = query.data?.sources.find((item) => item.tool_call_id === toolCallId);
      const card = source
        ? document.getElementById(toolCardDomId({ runId: source.run_id, toolCallId }))
        : null;
      if (card) {
        card.scrollIntoView({ block: "center" });
        card.focus({ preventScroll: true });
        return;
      }
      window.location.assign(
        `/results/reports/${encodeURIComponent(artifactId)}#${reportSourceDomId(toolCallId)}`,
      );
    },
    [query.data, artifactId],
  );
  const describedBy = useCallback(
    (toolCallId: string) => {
      const source = query.data?.sources.find((item) => item.tool_call_id === toolCallId);
      return source ? toolCardTitleId({ runId: source.run_id, toolCallId }) : "";
    },
    [query.data],
  );

  if (query.isPending) {
    return (
      <p className="mt-2 text-xs text-slate-600" aria-busy="true" data-testid="report-card-loading">
        Loading the saved report…
      </p>
    );
  }
  if (query.isError) {
    const gone = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <div className="mt-2">
        <ErrorState
          title={gone ? "The saved report no longer exists." : "The report could not be loaded."}
          error={query.error}
          onRetry={gone ? undefined : () => query.refetch()}
          isRetrying={query.isFetching}
          testId="report-card-error"
        />
      </div>
    );
  }
  const report = query.data;
  return (
    <div
      className="mt-2 space-y-2 rounded border border-slate-200 bg-slate-50 p-2 text-xs"
      data-testid="report-card"
      data-report-id={report.report_id}
    >
      <p className="text-slate-800">
        Report <strong className="font-semibold">{report.title}</strong> from the results of{" "}
        {report.tools.length > 0
          ? report.tools.map((tool, index) => (
              <span key={tool}>
                {index > 0 ? ", " : null}
                <code className="font-mono">{tool}</code>
              </span>
            ))
          : "no tools"}
        .
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          href={`/results/reports/${encodeURIComponent(report.report_id)}`}
          className="font-medium text-blue-700 underline"
          data-testid="report-card-open"
        >
          Open report
        </Link>
        <ReportDownloads report={report} />
        <button
          type="button"
          className={quietButtonClass}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((current) => !current)}
          data-testid="report-card-toggle"
        >
          {expanded ? "Hide the report" : "Show the report here"}
        </button>
      </div>
      <div id={panelId} hidden={!expanded} className="space-y-2 rounded bg-white p-3">
        {expanded ? (
          <>
            <ReportDisclaimer />
            <ReportDocument
              report={report}
              describedBy={describedBy}
              onFigureSelect={selectFigure}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
