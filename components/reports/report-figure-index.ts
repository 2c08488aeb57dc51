import type { ToolCardState } from "@/hooks/api/run-view";
import type { ReportSource } from "@/lib/contracts/analysis-report";
import { buildFigureIndex, type FigureIndex } from "../markdown/figure-links";

/**
 * The figure index of a report: its sources read as the chat reads tool cards, so a figure in
 * a report links by exactly the chat's figure-link rule (figure-links.ts), and only to results
 * of the tools the report names.
 */
export function buildReportFigureIndex(sources: ReportSource[]): FigureIndex {
  const cards: ToolCardState[] = sources.map((source) => ({
    toolCallId: source.tool_call_id,
    toolName: source.tool_name,
    args: null,
    status: "succeeded",
    durationMs: null,
    summary: source.summary,
    errorCode: null,
    blockedBy: [],
    result: { success: true, status: "completed", data: source.data },
  }));
  return buildFigureIndex(cards);
}

/** The DOM id of a report's source entry (a figure link's target on the report page). */
export function reportSourceDomId(toolCallId: string): string {
  return `report-source-${toolCallId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
