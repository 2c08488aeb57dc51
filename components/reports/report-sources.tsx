"use client";

import Link from "next/link";
import type { AnalysisReport, ReportSource } from "@/lib/contracts/analysis-report";
import { formatDateTime } from "../format/format-date-time";
import { reportSourceDomId } from "./report-figure-index";

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "null";
  } catch {
    return String(value);
  }
}

// The page shows the start of a large result; the chat's tool card has all of it.
const maxShownCharacters = 8000;

function SourceEntry({
  source,
  sessionId,
  highlighted,
}: {
  source: ReportSource;
  sessionId: string | null;
  highlighted: boolean;
}) {
  const id = reportSourceDomId(source.tool_call_id);
  const text = prettyJson(source.data);
  return (
    <li
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      data-testid="report-source"
      data-tool-name={source.tool_name}
      data-tool-call-id={source.tool_call_id}
      data-highlighted={highlighted ? "true" : "false"}
      className={`rounded-md border p-3 text-sm focus:outline-none ${
        highlighted
          ? "border-amber-400 bg-amber-50 ring-2 ring-amber-300"
          : "border-slate-200 bg-white"
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="font-mono text-sm font-semibold text-slate-900">
          {source.tool_name}
        </h3>
        {source.finished_at ? (
          <span className="text-xs text-slate-500">{formatDateTime(source.finished_at)}</span>
        ) : null}
        {sessionId ? (
          <Link
            href={`/chat?session=${encodeURIComponent(sessionId)}`}
            className="ml-auto text-xs text-blue-700 underline"
            data-print-hide=""
          >
            Open the conversation
          </Link>
        ) : null}
      </div>
      {source.summary ? <p className="mt-1 text-xs text-slate-700">{source.summary}</p> : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-xs text-slate-600">Result data</summary>
        <pre className="mt-1 max-h-72 overflow-auto rounded bg-slate-50 p-2 font-mono text-[11px]">
          {text.length > maxShownCharacters
            ? `${text.slice(0, maxShownCharacters)}\n… (cut)`
            : text}
        </pre>
      </details>
    </li>
  );
}

/**
 * What the report was written from: its source_results by tool name (TC-3), and the earlier
 * results of those tools in the session, the targets of its figure links.
 */
export function ReportSources({
  report,
  highlighted,
}: {
  report: AnalysisReport;
  highlighted: string | null;
}) {
  const counts = new Map<string, number>();
  for (const source of report.sources) {
    counts.set(source.tool_name, (counts.get(source.tool_name) ?? 0) + 1);
  }
  return (
    <section
      aria-labelledby="report-sources-heading"
      className="space-y-3"
      data-testid="report-sources"
    >
      <h2 id="report-sources-heading" className="text-lg font-semibold text-slate-900">
        Sources
      </h2>
      <p className="text-sm text-slate-700">Written from the results of these tools:</p>
      <ul className="flex flex-wrap gap-2" data-testid="report-source-tools">
        {report.tools.map((tool) => (
          <li
            key={tool}
            className="rounded-full border border-slate-200 bg-white px-2 py-0.5 font-mono text-xs"
            data-testid="report-source-tool"
            data-tool-name={tool}
          >
            {tool}
            <span className="ml-1 text-slate-500">
              ({counts.get(tool) ?? 0} {counts.get(tool) === 1 ? "result" : "results"} on record)
            </span>
          </li>
        ))}
      </ul>
      {report.sources.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="report-sources-empty">
          None of those results is on record in this workspace any more, so figures are not linked.
        </p>
      ) : (
        <ol className="space-y-2">
          {report.sources.map((source) => (
            <SourceEntry
              key={`${source.run_id}:${source.tool_call_id}`}
              source={source}
              sessionId={report.session_id}
              highlighted={highlighted === source.tool_call_id}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
