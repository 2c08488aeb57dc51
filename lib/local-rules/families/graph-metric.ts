import { planGraphMetrics } from "../plan-graph-metrics";
import { graphMetricsAsked } from "../question-arguments";
import { type GraphMetric, questionWords } from "../question-words";
import { defineFamily } from "./define-family";

/** "What is the diameter of the network?": whole-graph metrics. */
export type GraphMetricIntent = { kind: "graph-metric"; metrics: GraphMetric[] };

export const graphMetricFamily = defineFamily<GraphMetricIntent>({
  kind: "graph-metric",
  read: ({ text }) => {
    const metrics = graphMetricsAsked(text);
    if (metrics.length === 0) return null;
    // "How many components are there?" is the components family's, unless it also asks for
    // the diameter or radius.
    const componentsOnly =
      questionWords.components.test(text) &&
      !questionWords.diameter.test(text) &&
      !questionWords.radius.test(text);
    if (componentsOnly) return null;
    return [{ kind: "graph-metric", metrics }];
  },
  plan: (context, intent) => planGraphMetrics({ context, metrics: intent.metrics }),
  title: { en: "Graph metrics", zh: "图指标" },
});
