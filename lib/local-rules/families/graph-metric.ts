import { planGraphMetrics } from "../planning/plan-graph-metrics";
import { graphMetricsAsked } from "../reading/question-arguments";
import { type GraphMetric, questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";
import {
  comeBackWords,
  farthestPairWords,
  hopMeasureWords,
  weightMeasureWords,
} from "./walk-words";

/** "What is the diameter of the network?": whole-graph metrics. */
export type GraphMetricIntent = {
  kind: "graph-metric";
  metrics: GraphMetric[];
  /** "By travel time, how far apart are the two most distant stations?": the weighted diameter. */
  weighted?: boolean;
};

/**
 * The metrics asked in other words than their names, about the whole graph (no node named):
 * the two nodes farthest apart are the diameter; a walk that comes back to where it began is a
 * cycle.
 */
function paraphrasedMetrics({ text, nodeMentions }: QuestionText): GraphMetric[] {
  if (nodeMentions.length > 0) return [];
  const metrics: GraphMetric[] = [];
  if (farthestPairWords.test(text)) metrics.push("diameter");
  if (comeBackWords.test(text)) metrics.push("has_cycle");
  return metrics;
}

export const graphMetricFamily = defineFamily<GraphMetricIntent>({
  kind: "graph-metric",
  read: (question) => {
    const { text } = question;
    const named = graphMetricsAsked(text);
    const metrics = [
      ...new Set([
        ...named,
        ...paraphrasedMetrics(question).filter(
          (metric) => metric !== "has_cycle" || !named.includes("is_dag"),
        ),
      ]),
    ];
    if (metrics.length === 0) return null;
    // "How many components are there?" is the components family's, unless it also asks for
    // the diameter or radius.
    const componentsOnly =
      questionWords.components.test(text) &&
      !metrics.includes("diameter") &&
      !questionWords.radius.test(text);
    if (componentsOnly) return null;
    // "By travel time, how far apart …": a diameter measured in weights, not hops.
    const weighted =
      metrics.includes("diameter") && weightMeasureWords.test(text) && !hopMeasureWords.test(text);
    return [{ kind: "graph-metric", metrics, ...(weighted ? { weighted: true } : {}) }];
  },
  plan: (context, intent) =>
    planGraphMetrics({ context, metrics: intent.metrics, weighted: intent.weighted === true }),
  title: { en: "Graph metrics", zh: "图指标" },
});
