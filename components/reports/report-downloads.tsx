import { reportDownloadUrl } from "@/hooks/use-report";
import type { AnalysisReport } from "@/lib/contracts/analysis-report";
import { secondaryButtonClass } from "../ui/button-styles";

/** Download links of a report: Markdown and the self-contained, script-free HTML. */
export function ReportDownloads({ report }: { report: AnalysisReport }) {
  return (
    <span className="inline-flex flex-wrap gap-2" data-print-hide="">
      {report.markdown !== null ? (
        <a
          href={reportDownloadUrl({ reportId: report.report_id, format: "md" })}
          download
          className={secondaryButtonClass}
          data-testid="report-download-md"
        >
          Download .md
        </a>
      ) : null}
      {report.has_html ? (
        <a
          href={reportDownloadUrl({ reportId: report.report_id, format: "html" })}
          download
          className={secondaryButtonClass}
          data-testid="report-download-html"
        >
          Download .html
        </a>
      ) : null}
    </span>
  );
}
