"use client";

import { useQuery } from "@tanstack/react-query";
import { analysisReportSchema } from "@/lib/contracts/analysis-report";
import { fetchJson } from "./api/fetch-json";
import { resultsQueryKeys } from "./api/results-query-keys";

/** One stored analysis report with the tool results its figures come from. */
export function useReport(reportId: string | null) {
  return useQuery({
    queryKey: resultsQueryKeys.report(reportId ?? ""),
    queryFn: () =>
      fetchJson({
        url: `/api/reports/${encodeURIComponent(reportId ?? "")}`,
        schema: analysisReportSchema,
      }),
    enabled: reportId !== null,
    // The report itself never changes; its sources are fixed by the time it was written.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where a report downloads in one format (an attachment; the browser saves it). */
export function reportDownloadUrl(input: { reportId: string; format: "md" | "html" }): string {
  return `/api/reports/${encodeURIComponent(input.reportId)}/download?format=${input.format}`;
}
