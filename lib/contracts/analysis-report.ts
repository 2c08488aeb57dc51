import { z } from "zod";

// Client-safe: GET /api/reports/{id} answers with it; the report view and the chat parse it.

/** One tool result a report's figures can come from (a call of a tool the report names). */
export const reportSourceSchema = z.object({
  run_id: z.string(),
  tool_call_id: z.string(),
  tool_name: z.string(),
  summary: z.string().nullable(),
  /** The result's `data`, as the tool returned it. */
  data: z.unknown(),
  finished_at: z.string().nullable(),
});

/**
 * A stored `create_analysis_report` artefact: both renderings (either may be null for a report
 * stored before both were kept), the tools of its `source_results`, and the earlier results of
 * those tools in its session, which its figures link back to.
 */
export const analysisReportSchema = z.object({
  report_id: z.string(),
  title: z.string(),
  project_id: z.string(),
  session_id: z.string().nullable(),
  /** The run whose create_analysis_report call stored it, when that call is on record. */
  run_id: z.string().nullable(),
  tool_call_id: z.string().nullable(),
  created_at: z.string(),
  format: z.enum(["markdown", "html", "both"]),
  markdown: z.string().nullable(),
  has_html: z.boolean(),
  tools: z.array(z.string()),
  sources: z.array(reportSourceSchema),
});

export type AnalysisReport = z.infer<typeof analysisReportSchema>;
export type ReportSource = z.infer<typeof reportSourceSchema>;

/** The two download formats of a report. */
export const reportDownloadFormats = ["md", "html"] as const;
export const reportDownloadQuerySchema = z.object({ format: z.enum(reportDownloadFormats) });
