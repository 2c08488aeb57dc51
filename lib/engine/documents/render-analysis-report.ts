import { EngineError } from "../engine-error";
import { renderHtml } from "./report/render-html";
import { renderMarkdown } from "./report/render-markdown";
import type { ReportSection } from "./report/report-block";
import { placeSections } from "./report/report-placement";
import { resultBlocks } from "./report/result-blocks";

/** The most tools and results per tool a report shows. */
const maxTools = 50;
const maxResultsPerTool = 20;

/** TC-3: what a report is and is not. */
export const reportDisclaimer =
  "This report explains the results returned by the tools named below: what they found " +
  "first, then their raw fields in an appendix. " +
  "It is not a proof of business correctness: figures are shown as the tools returned them " +
  "(at most 6 significant digits), and conclusions drawn from them still need to be checked " +
  "against the business context.";

/**
 * A report's renderings, the format not asked for null: what the engine stores, not the wire
 * shape (the report the API answers is AnalysisReport in lib/contracts/analysis-report.ts).
 */
export type RenderedAnalysisReport = { markdown: string | null; html: string | null };

/**
 * Renders an analysis report from raw tool results grouped by real tool name (TC-3): one
 * section per tool, in the order given, each result laid out by its shape (facts, ranked tables,
 * communities, paths). Bounded (tools, results, rows), escaped for Markdown and for HTML.
 */
export function renderAnalysisReport({
  title,
  sourceResults,
  format,
  generatedAt,
}: {
  title: string;
  /** Tool name → the raw results that tool returned. */
  sourceResults: Record<string, unknown[]>;
  format: "markdown" | "html" | "both";
  generatedAt: Date | string;
}): RenderedAnalysisReport {
  if (typeof sourceResults !== "object" || sourceResults === null || Array.isArray(sourceResults)) {
    throw new EngineError("INVALID_REQUEST", "source_results must map tool names to result lists.");
  }
  const entries = Object.entries(sourceResults);
  const sections: ReportSection[] = entries.slice(0, maxTools).map(([toolName, raw]) => {
    // A single result passed without its list is still a result.
    const results: unknown[] = Array.isArray(raw) ? raw : [raw];
    return {
      toolName,
      results: results.slice(0, maxResultsPerTool).map((result) => resultBlocks({ result })),
      omittedResults: Math.max(0, results.length - maxResultsPerTool),
    };
  });
  const when = generatedAt instanceof Date ? generatedAt.toISOString() : generatedAt;
  const note =
    entries.length > maxTools
      ? `${reportDisclaimer} Only the first ${maxTools} of ${entries.length} tools are shown.`
      : reportDisclaimer;
  // Findings lead; the calls' own fields and the stage-setting tools follow in an appendix.
  const input = { title, generatedAt: when, note, ...placeSections(sections) };
  return {
    markdown: format === "html" ? null : renderMarkdown(input),
    html: format === "markdown" ? null : renderHtml(input),
  };
}
