import type { AnswerPart } from "./answer-document";
import { canonicalJson } from "./call-resolution";
import type { AnalysisIntent } from "./detect-intent";
import { planBridging } from "./plan-bridging";
import { planCommonNeighbours } from "./plan-common-neighbours";
import { planCommunities } from "./plan-communities";
import { planCutPoints } from "./plan-cut-points";
import { planDegree } from "./plan-degree";
import { planReport, planVisualization } from "./plan-deliverables";
import { planEdgeExists } from "./plan-edge-exists";
import { planEdgeRanking } from "./plan-edge-ranking";
import { planFlow } from "./plan-flow";
import { planComponents, planConnectivity, planGraphMetrics } from "./plan-graph-metrics";
import { planKShortest } from "./plan-k-shortest";
import { planMembership, planSameCommunity } from "./plan-membership";
import { planNeighbours } from "./plan-neighbours";
import { asksForNodeProperty, planNodeProperty } from "./plan-node-property";
import { planCore, planNodeStructure } from "./plan-node-structure";
import { planOneWayNodes } from "./plan-one-way-nodes";
import { planPath } from "./plan-path";
import { planPartners, planProjection } from "./plan-projection";
import { planRanking } from "./plan-ranking";
import { planReachability } from "./plan-reachability";
import { planSchemaQuestion } from "./plan-schema-question";
import { planSelfLoops } from "./plan-self-loops";
import { planSimilarity } from "./plan-similarity";
import { planSpanningTree } from "./plan-spanning-tree";
import { planOutsideMain, planStrongComponents } from "./plan-strong-components";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { planUnreachable } from "./plan-unreachable";
import { graphContextPart } from "./write-graph-info";

/** The next step of a planned run: calls to emit, or the parts of the final answer. */
export type AnalysisStep =
  | { kind: "calls"; calls: PlannedCall[]; explanation?: AnswerPart }
  | { kind: "answer"; parts: AnswerPart[] };

/** One analysis's next step on the verified graph. */
export function planOne(context: PlanContext, analysis: AnalysisIntent): PlanOutcome {
  switch (analysis.kind) {
    case "centrality":
      return planRanking({ context, ...analysis });
    case "communities":
      return planCommunities({ context, algorithm: analysis.algorithm });
    case "path":
      return planPath({ context, source: analysis.source, target: analysis.target });
    case "neighbours": {
      const neighbours = () =>
        planNeighbours({
          context,
          node: analysis.node,
          depth: analysis.depth,
          limit: analysis.limit,
        });
      return analysis.depth === 1
        ? withPropertyLookup(context, analysis.node, neighbours)
        : neighbours();
    }
    case "bridging":
      return planBridging({ context, topK: analysis.topK });
    case "membership":
      return planMembership({ context, ...analysis });
    case "same-community":
      return planSameCommunity({ context, ...analysis });
    case "k-shortest":
      return planKShortest({ context, ...analysis });
    case "degree":
      return withPropertyLookup(context, analysis.node, () => planDegree({ context, ...analysis }));
    case "edge-exists":
      return planEdgeExists({ context, ...analysis });
    case "reachability":
      return planReachability({ context, ...analysis });
    case "graph-metric":
      return planGraphMetrics({ context, metrics: analysis.metrics });
    case "node-structure":
      return withPropertyLookup(context, analysis.node, () =>
        planNodeStructure({ context, ...analysis }),
      );
    case "core":
      return planCore({ context, topK: analysis.topK });
    case "components":
      return analysis.strong && context.graph.description.directed === true
        ? planStrongComponents({ context, ask: analysis.ask })
        : planComponents({ context, ask: analysis.ask });
    case "outside-main":
      return planOutsideMain({ context });
    case "connectivity":
      return planConnectivity({ context });
    case "similarity":
      return planSimilarity({ context, ...analysis });
    case "projection":
      return planProjection({ context, topK: analysis.topK });
    case "partners":
      return planPartners({ context, node: analysis.node, ask: analysis.ask });
    case "flow":
      return planFlow({ context, ...analysis });
    case "spanning-tree":
      return planSpanningTree({ context, ...analysis });
    case "cut-points":
      return planCutPoints({ context, ...analysis });
    case "one-way-nodes":
      return planOneWayNodes({ context, ...analysis });
    case "edge-ranking":
      return planEdgeRanking({ context, ...analysis });
    case "unreachable":
      return planUnreachable({ context, node: analysis.node });
    case "common-neighbours":
      return planCommonNeighbours({ context, ...analysis });
    case "self-loops":
      return planSelfLoops({ context, ask: analysis.ask });
    case "schema-question":
      return planSchemaQuestion({ context, ...analysis });
  }
}

/**
 * A question about one named node that may ask for one of its properties rather than what the
 * grammar read ("How many stars does gateway-core have?" reads as a degree, "gateway-core" as a
 * core number): the schema decides, and the reading answers when no property is named.
 */
function withPropertyLookup(
  context: PlanContext,
  node: string | null,
  otherwise: () => PlanOutcome,
): PlanOutcome {
  if (!node || !asksForNodeProperty(context.reading.question)) return otherwise();
  return planNodeProperty({ context, node, otherwise });
}

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
    const outcome = planOne(context, analysis);
    if (outcome.kind === "pending") calls.push(...outcome.calls);
    else parts.push(outcome.part);
  }
  if (calls.length > 0) return { kind: "calls", calls: unique(calls) };
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
