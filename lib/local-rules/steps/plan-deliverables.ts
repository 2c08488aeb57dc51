import type { JsonObject, PlanContext, PlannedCall, PlanOutcome } from "../planning/plan-types";
import { planSingleCall } from "../planning/single-call-plan";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { artifactDataSchema } from "../writing/result-shapes";

// The tools' own bounds: visualize_subgraph takes 5000 ids, a report 50 results per tool.
const viewNodeLimit = 500;
const reportResultsPerTool = 50;

function unavailable(context: PlanContext, toolName: string): PlanOutcome {
  const part = emptyPart({ succeeded: false });
  part.notes.push(context.phrases.toolUnavailable(toolName));
  return { kind: "done", part };
}

/**
 * A view of what the analysis found (TC-2): the nodes the answer names, coloured by community
 * and sized by the measure it used; without such nodes the tool picks the best-connected ones.
 */
export function planVisualization(input: {
  context: PlanContext;
  parts: AnswerPart[];
  title: string;
}): PlanOutcome {
  const { context, parts } = input;
  if (!context.reading.toolNames.has("visualize_subgraph")) {
    return unavailable(context, "visualize_subgraph");
  }
  const nodeIds = [...new Set(parts.flatMap((part) => part.focusNodeIds ?? []))].slice(
    0,
    viewNodeLimit,
  );
  const sizeBy = parts.find((part) => part.sizeBy)?.sizeBy ?? "pagerank";
  const call: PlannedCall = {
    toolName: "visualize_subgraph",
    input: {
      ...(nodeIds.length > 0 ? { node_ids: nodeIds } : {}),
      color_by: "community",
      size_by: sizeBy,
      title: input.title.slice(0, 200),
    },
  };
  return planSingleCall({
    context,
    call,
    schema: artifactDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.summary.push(
        context.phrases.visualizationSaved({
          artifactId: data.artifact_id,
          nodes: data.nodes,
          edges: data.edges,
          sizeBy,
        }),
      );
      if (data.truncated) part.notes.push(context.phrases.noteViewTruncated);
      part.sources.push(
        `visualize_subgraph {"node_ids":[${nodeIds.length}],"size_by":"${sizeBy}"}`,
      );
      return part;
    },
  });
}

/** Every successful result of this run grouped by its real tool name, raw (TC-3). */
function sourceResults(context: PlanContext): JsonObject {
  const grouped: JsonObject = {};
  for (const step of context.reading.steps) {
    if (step.outcome.kind !== "success" || step.toolName === "create_analysis_report") continue;
    const list = grouped[step.toolName];
    const results = Array.isArray(list) ? list : [];
    results.push(step.outcome.envelope.raw);
    grouped[step.toolName] = results.slice(-reportResultsPerTool);
  }
  return grouped;
}

/** A stored report built from this run's verified results, asked for after everything else. */
export function planReport(input: { context: PlanContext; title: string }): PlanOutcome {
  const { context } = input;
  if (!context.reading.toolNames.has("create_analysis_report")) {
    return unavailable(context, "create_analysis_report");
  }
  const results = sourceResults(context);
  const call: PlannedCall = {
    toolName: "create_analysis_report",
    input: { title: input.title.slice(0, 200), source_results: results, format: "both" },
  };
  return planSingleCall({
    context,
    call,
    schema: artifactDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      const tools = data.tools ?? Object.keys(results);
      part.summary.push(
        context.phrases.reportSaved({ title: input.title, artifactId: data.artifact_id, tools }),
      );
      part.notes.push(context.phrases.noteReportExplains);
      part.sources.push(`create_analysis_report {"source_results":[${tools.join(", ")}]}`);
      return part;
    },
  });
}
