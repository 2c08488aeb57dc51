import "server-only";
import { z } from "zod";
import type { AnalysisReport } from "@/lib/contracts/analysis-report";
import { findArtifactForOwner } from "@/lib/db/queries/artifacts";
import { findToolCallByResultId, listSucceededToolCalls } from "@/lib/db/queries/tool-call-lookups";
import { NotFoundError } from "@/lib/errors/http-errors";

// What create_analysis_report stores; loose, since older artefacts may lack a rendering.
const storedReportSchema = z.object({
  format: z.enum(["markdown", "html", "both"]).catch("both"),
  markdown: z.string().nullable().optional(),
  html: z.string().nullable().optional(),
  tools: z.array(z.string()).catch([]),
});

/** A report shows at most this many earlier results its figures can link to. */
const maxSources = 200;

/** A stored report of the owner with both renderings (404 for another owner's or another kind). */
export async function loadStoredReport(input: { ownerId: string; reportId: string }) {
  const artifact = await findArtifactForOwner({
    ownerId: input.ownerId,
    artifactId: input.reportId,
  });
  const content = artifact ? storedReportSchema.safeParse(artifact.content) : null;
  if (artifact?.kind !== "analysis_report" || !content?.success) {
    throw new NotFoundError("Report", { report_id: input.reportId });
  }
  return { artifact, content: content.data };
}

/**
 * One report for the report view: its Markdown, the tools it names, and the earlier results of
 * those tools in its session (the figures' sources, by the chat's figure-link rule).
 */
export async function getReport(input: {
  ownerId: string;
  reportId: string;
}): Promise<AnalysisReport> {
  const { artifact, content } = await loadStoredReport(input);
  const sessionId = artifact.sessionId;
  const call = sessionId
    ? await findToolCallByResultId({
        ownerId: input.ownerId,
        sessionId,
        toolName: "create_analysis_report",
        dataKey: "artifact_id",
        value: artifact.id,
      })
    : null;
  const rows = sessionId
    ? await listSucceededToolCalls({
        ownerId: input.ownerId,
        sessionId,
        toolNames: content.tools.filter((name) => name !== "create_analysis_report"),
        notAfter: artifact.createdAt,
        limit: maxSources,
      })
    : [];
  return {
    report_id: artifact.id,
    title: artifact.title,
    project_id: artifact.projectId,
    session_id: sessionId,
    run_id: call?.runId ?? null,
    tool_call_id: call?.toolCallId ?? null,
    created_at: artifact.createdAt.toISOString(),
    format: content.format,
    markdown: content.markdown ?? null,
    has_html: typeof content.html === "string",
    tools: content.tools,
    // Oldest first, as the calls were made: ties in figure matching go to the earlier call.
    sources: rows.reverse().map((row) => ({
      run_id: row.runId,
      tool_call_id: row.toolCallId,
      tool_name: row.toolName,
      summary: row.summary,
      data: envelopeData(row.result),
      finished_at: row.finishedAt?.toISOString() ?? null,
    })),
  };
}

function envelopeData(result: unknown): unknown {
  if (result && typeof result === "object" && "data" in result) {
    return (result as { data: unknown }).data ?? null;
  }
  return null;
}
