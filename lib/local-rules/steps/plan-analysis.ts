import { type AnalysisIntent, planFamily } from "../families";
import type { PlanContext, PlannedCall } from "../planning/plan-types";
import type { AnswerPart } from "../writing/answer-document";
import { graphContextPart } from "../writing/write-graph-info";
import { canonicalJson } from "./call-resolution";
import { noteUntracedLead } from "./lead-check";
import { planReport, planVisualization } from "./plan-deliverables";

/** The next step of a planned run: calls to emit, or the parts of the final answer. */
export type AnalysisStep =
  | { kind: "calls"; calls: PlannedCall[]; explanation?: AnswerPart }
  | { kind: "answer"; parts: AnswerPart[] };

function unique(calls: PlannedCall[]): PlannedCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => {
    const key = `${call.toolName}:${canonicalJson(call.input)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Step B and the deliverables: every analysis advances together, so independent calls share one
 * batch (the runtime runs them in parallel); once all are answered, the visualisation and then
 * the report are asked for, each only when there is a verified result to show.
 */
export function planAnalysis(input: {
  context: PlanContext;
  analyses: AnalysisIntent[];
  visualize: boolean;
  report: boolean;
  title: string;
}): AnalysisStep {
  const { context, analyses, title } = input;
  const parts: AnswerPart[] = [graphContextPart({ context })];
  const calls: PlannedCall[] = [];
  for (const analysis of analyses) {
    const outcome = planFamily(context, analysis);
    if (outcome.kind === "pending") calls.push(...outcome.calls);
    else parts.push(outcome.part);
  }
  if (calls.length > 0) return { kind: "calls", calls: unique(calls) };
  // Before the answer is written, its first sentences are checked against the evidence.
  for (const part of parts.slice(1)) noteUntracedLead({ part, reading: context.reading });
  const hasEvidence = analyses.length === 0 || parts.slice(1).some((part) => part.succeeded);
  if (!hasEvidence) return { kind: "answer", parts };
  const deliverables = [
    ...(input.visualize ? [() => planVisualization({ context, parts: [...parts], title })] : []),
    ...(input.report ? [() => planReport({ context, title })] : []),
  ];
  for (const plan of deliverables) {
    const outcome = plan();
    if (outcome.kind === "pending") return { kind: "calls", calls: outcome.calls };
    parts.push(outcome.part);
  }
  return { kind: "answer", parts };
}
