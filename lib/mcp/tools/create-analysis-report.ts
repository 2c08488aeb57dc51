import "server-only";
import { saveSessionArtifact } from "@/lib/artifacts/save-session-artifact";
import { createAnalysisReportInputSchema } from "@/lib/contracts/tool-inputs/create-analysis-report-input";
import { renderAnalysisReport } from "@/lib/engine/documents/render-analysis-report";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** create_analysis_report: a report of earlier results by tool name, stored as an artefact. */
export const createAnalysisReportTool = defineTool({
  name: "create_analysis_report",
  description:
    "Write a Markdown/HTML report from earlier tool results, grouped by the real tool name that produced them; stored as an artefact. A report explains results, it does not prove them.",
  input: createAnalysisReportInputSchema,
  catalogue: catalogue({ writes: ["DOC"] }),
  run: async (args, { identity }) => {
    const { scope, projectId } = await requireSession(identity);
    // Both renderings are stored whatever was asked: the report view reads the Markdown and
    // offers both downloads; `format` only says what the tool result carries.
    const report = renderAnalysisReport({
      title: args.title,
      sourceResults: args.source_results,
      format: "both",
      generatedAt: new Date(),
    });
    const artifact = await saveSessionArtifact({
      ownerId: scope.ownerId,
      projectId,
      sessionId: scope.sessionId,
      kind: "analysis_report",
      title: args.title,
      content: { format: args.format, ...report, tools: Object.keys(args.source_results) },
    });
    return {
      data: {
        artifact_id: artifact.id,
        kind: "analysis_report",
        tools: Object.keys(args.source_results),
        markdown: args.format === "html" ? null : report.markdown,
      },
    };
  },
});
