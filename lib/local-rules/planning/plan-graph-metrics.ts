import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { readGraphSchema } from "../reading/graph-schema";
import type { GraphMetric } from "../reading/question-words";
import { graphMetricsDataSchema } from "../writing/analysis-result-shapes";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { communityDataSchema, nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

type Text = { en: string; zh: string };

function numberOf(value: unknown): string {
  return typeof value === "number" ? formatFigure(value) : "?";
}

// Four decimals keep a coefficient readable and still exact enough to compare (0.5706).
function decimals(value: unknown): string {
  if (typeof value !== "number") return "?";
  return Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) < 0.001 ? 6 : 4);
}

/** The sentence that answers one metric, first word first. */
function sentence(metric: GraphMetric, metrics: Record<string, unknown>): Text {
  const value = metrics[metric];
  switch (metric) {
    case "diameter":
      return { en: `The diameter is ${numberOf(value)}.`, zh: `图的直径为 ${numberOf(value)}。` };
    case "radius":
      return { en: `The radius is ${numberOf(value)}.`, zh: `图的半径为 ${numberOf(value)}。` };
    case "density":
      return { en: `The density is ${decimals(value)}.`, zh: `图的密度为 ${decimals(value)}。` };
    case "average_shortest_path_length":
      return {
        en: `The average shortest path length is ${decimals(value)}.`,
        zh: `平均最短路径长度为 ${decimals(value)}。`,
      };
    case "average_clustering":
      return {
        en: `The average clustering coefficient is ${decimals(value)}.`,
        zh: `平均聚类系数为 ${decimals(value)}。`,
      };
    case "transitivity":
      return {
        en: `The transitivity (global clustering coefficient) is ${decimals(value)}.`,
        zh: `传递性（全局聚类系数）为 ${decimals(value)}。`,
      };
    case "triangle_count":
      return {
        en: `There are ${numberOf(value)} triangles.`,
        zh: `图中共有 ${numberOf(value)} 个三角形。`,
      };
    case "degree_assortativity":
      return {
        en: `The degree assortativity is ${decimals(value)}.`,
        zh: `度同配系数为 ${decimals(value)}。`,
      };
    case "component_count":
      return {
        en: `The graph has ${numberOf(value)} connected components.`,
        zh: `图中共有 ${numberOf(value)} 个连通分量。`,
      };
    case "largest_component_size":
      return {
        en: `The largest connected component has ${numberOf(value)} nodes.`,
        zh: `最大的连通分量包含 ${numberOf(value)} 个节点。`,
      };
    case "has_cycle": {
      const cycle = Array.isArray(metrics.example_cycle) ? metrics.example_cycle.map(String) : [];
      const example = cycle.length > 0 ? `${cycle.join(" → ")} → ${cycle[0]}` : "";
      return value === true
        ? {
            en: `Yes — the graph contains a cycle${example ? `, e.g. ${example}` : ""}.`,
            zh: `是的——图中存在环${example ? `，例如 ${example}` : ""}。`,
          }
        : { en: "No — the graph contains no cycle.", zh: "否——图中没有环。" };
    }
    case "is_dag":
      return value === true
        ? {
            en: "Yes — the graph is a DAG (directed and acyclic).",
            zh: "是的——该图是有向无环图（DAG）。",
          }
        : {
            en: `No — the graph is not a DAG${metrics.has_cycle === true ? ": it contains a cycle" : ""}.`,
            zh: `否——该图不是有向无环图${metrics.has_cycle === true ? "：其中存在环" : ""}。`,
          };
    case "is_bipartite":
      return value === true
        ? { en: "Yes — the graph is bipartite.", zh: "是的——该图是二分图。" }
        : { en: "No — the graph is not bipartite.", zh: "否——该图不是二分图。" };
  }
}

/** Metrics that always come along, so a yes/no has its evidence (a DAG answer its cycle). */
function companions(metrics: GraphMetric[]): GraphMetric[] {
  const all = new Set(metrics);
  if (all.has("is_dag")) all.add("has_cycle");
  return [...all];
}

/** Whole-graph figures (graph_metrics): one sentence per metric asked, in the order asked. */
export function planGraphMetrics(input: {
  context: PlanContext;
  metrics: GraphMetric[];
  /** Extra sentences written after the figures (e.g. a components question's lead). */
  lead?: (metrics: Record<string, unknown>) => Text[];
  /** The diameter measured in edge weights ("by travel time") rather than hops. */
  weighted?: boolean;
}): PlanOutcome {
  const { context, metrics } = input;
  if (input.weighted && metrics.length === 1 && metrics[0] === "diameter") {
    const weighted = planWeightedDiameter(context);
    if (weighted) return weighted;
  }
  const call = { toolName: "graph_metrics", input: { metrics: companions(metrics) } };
  return planSingleCall({
    context,
    call,
    schema: graphMetricsDataSchema,
    write: (data): AnswerPart => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const texts = input.lead
        ? input.lead(data.metrics)
        : metrics.map((metric) =>
            metric === "diameter" && input.weighted
              ? {
                  en: `Only the diameter in hops is available here: ${numberOf(data.metrics.diameter)} hops.`,
                  zh: `这里只能给出按跳数计算的直径：${numberOf(data.metrics.diameter)} 跳。`,
                }
              : sentence(metric, data.metrics),
          );
      // One paragraph: the lead is everything up to the first blank line.
      part.summary.push(texts.map((text) => inLanguage(context, text)).join(" "));
      part.notes.push(...data.notes);
      if (input.weighted && metrics.includes("diameter"))
        part.notes.push(inLanguage(context, hopsOnly(context)));
      const rows = Object.entries(data.metrics)
        .filter(([, value]) => typeof value === "number" || typeof value === "boolean")
        .map(([name, value]) => [
          name.replaceAll("_", " "),
          typeof value === "number" ? formatFigure(value) : String(value),
        ]);
      if (rows.length > 0) {
        part.sections.push({
          heading: inLanguage(context, { en: "Graph metrics", zh: "图指标" }),
          blocks: [
            {
              kind: "table",
              columns: [
                inLanguage(context, { en: "Metric", zh: "指标" }),
                inLanguage(context, { en: "Value", zh: "值" }),
              ],
              rows,
            },
          ],
        });
      }
      return part;
    },
  });
}

/** Connected (weak) components: how many there are and how large the largest is. */
export function planComponents(input: {
  context: PlanContext;
  ask: "count" | "largest";
}): PlanOutcome {
  const { context, ask } = input;
  const directed = context.graph.description.directed === true;
  const kind = directed
    ? { en: "weakly connected", zh: "弱连通" }
    : { en: "connected", zh: "连通" };
  return planGraphMetrics({
    context,
    metrics: ["component_count", "largest_component_size"],
    lead: (metrics) => {
      const count = numberOf(metrics.component_count);
      const largest = numberOf(metrics.largest_component_size);
      return ask === "largest"
        ? [
            {
              en: `The largest ${kind.en} component has ${largest} nodes.`,
              zh: `最大的${kind.zh}分量包含 ${largest} 个节点。`,
            },
          ]
        : [
            {
              en: `The graph has ${count} ${kind.en} components.`,
              zh: `图中共有 ${count} 个${kind.zh}分量。`,
            },
          ];
    },
  });
}

/**
 * "Can every town be reached from every other?": one connected component (one strongly
 * connected component when the graph is directed, since reaching means following the edges).
 */
export function planConnectivity(input: {
  context: PlanContext;
  /** "if we ignore edge direction": weak connectivity on a directed graph. */
  undirected?: boolean;
}): PlanOutcome {
  const { context } = input;
  const directed = context.graph.description.directed === true;
  if (directed && !input.undirected) {
    const call = {
      toolName: "community_detection",
      input: { algorithm: "strongly_connected_components" },
    };
    return planSingleCall({
      context,
      call,
      schema: communityDataSchema,
      write: (data) => {
        const part = emptyPart({ succeeded: true });
        part.sources.push(callSource(call));
        part.summary.push(
          data.community_count === 1
            ? inLanguage(context, {
                en: "Yes — every node can reach every other node following the edge direction: the graph is strongly connected (1 strongly connected component).",
                zh: "是的——沿边的方向，每个节点都能到达其他所有节点：该图是强连通的（1 个强连通分量）。",
              })
            : inLanguage(context, {
                en: `No — not every node can reach every other following the edge direction: the graph has ${data.community_count} strongly connected components.`,
                zh: `否——沿边的方向，并非每个节点都能到达其他所有节点：图中有 ${data.community_count} 个强连通分量。`,
              }),
        );
        return part;
      },
    });
  }
  if (directed) return planWeakConnectivity(context);
  return planGraphMetrics({
    context,
    metrics: ["component_count", "largest_component_size"],
    lead: (metrics) => [
      metrics.component_count === 1
        ? {
            en: "Yes — every node can reach every other node: the graph is connected (1 component).",
            zh: "是的——每个节点都能到达其他所有节点：该图是连通的（1 个连通分量）。",
          }
        : {
            en: `No — not every node can reach every other: the graph has ${numberOf(metrics.component_count)} connected components (the largest has ${numberOf(metrics.largest_component_size)} nodes).`,
            zh: `否——并非每个节点都能到达其他所有节点：图中有 ${numberOf(metrics.component_count)} 个连通分量（最大的包含 ${numberOf(metrics.largest_component_size)} 个节点）。`,
          },
    ],
  });
}

/** A directed graph read both ways: connected when it has one weakly connected component. */
function planWeakConnectivity(context: PlanContext): PlanOutcome {
  return planGraphMetrics({
    context,
    metrics: ["component_count", "largest_component_size"],
    lead: (metrics) => [
      metrics.component_count === 1
        ? {
            en: "Yes — ignoring the edge direction the graph is connected: it is weakly connected (1 weakly connected component).",
            zh: "是的——忽略边的方向，该图是连通的：它是弱连通的（1 个弱连通分量）。",
          }
        : {
            en: `No — even ignoring the edge direction the graph is not connected: it has ${numberOf(metrics.component_count)} weakly connected components (the largest has ${numberOf(metrics.largest_component_size)} nodes).`,
            zh: `否——即使忽略边的方向，该图也不连通：它有 ${numberOf(metrics.component_count)} 个弱连通分量（最大的包含 ${numberOf(metrics.largest_component_size)} 个节点）。`,
          },
    ],
  });
}

// The weighted diameter is found by query: every pair's weighted distance by min-plus squaring
// of the distance table (log2(n) rounds of n³ work), so only on graphs this small.
const weightedDiameterNodeLimit = 300;

/** Why a weighted diameter question got the diameter in hops. */
function hopsOnly(context: PlanContext): Text {
  const description = context.graph.description;
  if (description.weighted !== true) {
    return {
      en: "The graph has no edge weights, so the diameter counts hops (edges).",
      zh: "该图没有边权，直径按跳数（边数）计算。",
    };
  }
  return {
    en: `graph_metrics measures the diameter in hops only, and a weighted diameter is computed offline only on graphs of up to ${weightedDiameterNodeLimit} nodes (this one has ${description.nodes ?? "more"}): the figure above counts hops, not edge weights.`,
    zh: `graph_metrics 的直径只按跳数计算，离线只对不超过 ${weightedDiameterNodeLimit} 个节点的图计算加权直径（此图有 ${description.nodes ?? "更多"} 个）：上面的数字是跳数，不是边权之和。`,
  };
}

/**
 * "By travel time, how far apart are the two most distant stations?": the largest weighted
 * distance between two nodes a path joins (edges both ways, as graph_metrics' diameter reads
 * them), with one read-only query: the distance table squared under (min, +) until paths of
 * every length are covered. Null when the graph is unweighted or too large (the hop diameter
 * then answers, and says so).
 */
function planWeightedDiameter(context: PlanContext): PlanOutcome | null {
  const description = context.graph.description;
  const nodeCount = description.nodes ?? Number.POSITIVE_INFINITY;
  if (description.weighted !== true || nodeCount > weightedDiameterNodeLimit) return null;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const edges = quoteIdentifier(queryTableName(schemaStep.schema, "edges"));
  const nodes = quoteIdentifier(queryTableName(schemaStep.schema, "nodes"));
  // Round r covers paths of up to 2^(r-1) edges; a shortest path has at most n - 1.
  const rounds = Math.ceil(Math.log2(Math.max(nodeCount - 1, 1))) + 1;
  const sql = [
    "WITH RECURSIVE links(a, b, w) AS (",
    `  SELECT source, target, weight FROM ${edges}`,
    `  UNION ALL SELECT target, source, weight FROM ${edges}`,
    `  UNION ALL SELECT id, id, 0 FROM ${nodes}`,
    "), dist(src, dst, d, round) USING KEY (src, dst) AS (",
    "  SELECT a, b, min(w), 1 FROM links GROUP BY a, b",
    "  UNION",
    "  SELECT x.src, y.dst, min(x.d + y.d), max(x.round) + 1",
    "  FROM dist x JOIN dist y ON y.src = x.dst",
    `  WHERE x.round < ${rounds}`,
    "  GROUP BY x.src, y.dst",
    ")",
    "SELECT x.src AS source, s.label AS source_label, x.dst AS target, t.label AS target_label,",
    "  x.d AS weighted_diameter",
    `FROM dist x JOIN ${nodes} s ON s.id = x.src JOIN ${nodes} t ON t.id = x.dst`,
    "WHERE x.src < x.dst ORDER BY x.d DESC, x.src, x.dst LIMIT 1",
  ].join("\n");
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const [row] = data.rows;
      const column = description.weight_column ? ` \`${description.weight_column}\`` : "";
      if (!row) {
        part.summary.push(
          inLanguage(context, {
            en: "The weighted diameter is 0: no two nodes are joined by a path.",
            zh: "加权直径为 0：没有两个节点之间有路径。",
          }),
        );
        return;
      }
      const name = (id: unknown, label: unknown) =>
        nodeName({ id: String(id), label: typeof label === "string" ? label : undefined });
      const [source, target] = [name(row[0], row[1]), name(row[2], row[3])];
      const distance = Number(row[4]);
      part.summary.push(
        inLanguage(context, {
          en: `The weighted diameter is ${formatFigure(distance)}: the two nodes farthest apart by the sum of edge weights${column} are ${source} and ${target}, ${formatFigure(distance)} apart.`,
          zh: `加权直径为 ${formatFigure(distance)}：按边权${column}之和，相距最远的两个节点是 ${source} 和 ${target}，相距 ${formatFigure(distance)}。`,
        }),
      );
      part.notes.push(
        inLanguage(context, {
          en: "Edge weights are read as lengths and edges are walked both ways (as for the hop diameter); pairs no path joins are left out.",
          zh: "边权视为长度，边按双向计算（与按跳数的直径相同）；没有路径相连的节点对不计。",
        }),
      );
      part.focusNodeIds = [String(row[0]), String(row[2])];
    },
  });
}
