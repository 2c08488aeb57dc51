"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { useReport } from "@/hooks/use-report";
import { formatDateTime } from "../format/format-date-time";
import { secondaryButtonClass } from "../ui/button-styles";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { ReportDisclaimer } from "./report-disclaimer";
import { ReportDocument } from "./report-document";
import { ReportDownloads } from "./report-downloads";
import { reportSourceDomId } from "./report-figure-index";
import { ReportSources } from "./report-sources";

const highlightMilliseconds = 2500;

function ReportSkeleton() {
  return (
    <div aria-busy="true" data-testid="report-loading" className="space-y-3">
      <span className="sr-only">Loading the report…</span>
      <div className="h-8 w-2/3 animate-pulse rounded bg-slate-200" />
      <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
      <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
    </div>
  );
}

/** The report page (UI-4): the report, its downloads, print, and the results it came from. */
export function ReportView({ reportId }: { reportId: string }) {
  const query = useReport(reportId);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const selectFigure = useCallback((toolCallId: string) => {
    const target = document.getElementById(reportSourceDomId(toolCallId));
    if (target) {
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      target.scrollIntoView({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
      target.focus({ preventScroll: true });
    }
    setHighlighted(toolCallId);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlighted(null), highlightMilliseconds);
  }, []);
  const describedBy = useCallback(
    (toolCallId: string) => `${reportSourceDomId(toolCallId)}-title`,
    [],
  );

  // A link from the chat may name a source (#report-source-…): show it once the report is in.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded || !window.location.hash) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    target?.scrollIntoView({ block: "center" });
    target?.focus({ preventScroll: true });
  }, [loaded]);

  if (query.isPending) {
    return (
      <>
        <PageHeader title="Report" />
        <ReportSkeleton />
      </>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <>
        <PageHeader title="Report" />
        <ErrorState
          title={
            missing
              ? "There is no such report in this workspace (it may have been deleted)."
              : "The report could not be loaded."
          }
          error={query.error}
          onRetry={missing ? undefined : () => query.refetch()}
          isRetrying={query.isFetching}
          testId="report-error"
        />
        <p className="mt-4 text-sm">
          <Link href="/chat" className="text-blue-700 underline">
            Back to the chat
          </Link>
        </p>
      </>
    );
  }
  const report = query.data;
  return (
    <article data-report-view="" data-testid="report-view" data-report-id={report.report_id}>
      <PageHeader
        title={report.title}
        description={
          <>
            Analysis report, written {formatDateTime(report.created_at)}
            {report.session_id ? (
              <span data-print-hide="">
                {" "}
                in{" "}
                <Link
                  href={`/chat?session=${encodeURIComponent(report.session_id)}`}
                  className="text-blue-700 underline"
                  data-testid="report-session-link"
                >
                  its conversation
                </Link>
              </span>
            ) : null}
            .
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2" data-print-hide="">
        <ReportDownloads report={report} />
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => window.print()}
          data-testid="report-print"
        >
          Print
        </button>
      </div>
      <div className="space-y-6">
        <ReportDisclaimer />
        <div className="rounded-lg border border-slate-200 bg-white p-5">
          <ReportDocument report={report} describedBy={describedBy} onFigureSelect={selectFigure} />
        </div>
        <ReportSources report={report} highlighted={highlighted} />
      </div>
    </article>
  );
}
