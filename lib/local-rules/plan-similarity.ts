import { similarityDataSchema } from "./analysis-result-shapes";
import { emptyPart } from "./answer-document";
import { inLanguage } from "./answer-language";
import { resolveCall } from "./call-resolution";
import { failurePart } from "./failure-part";
import { formatFigure } from "./format-figures";
import { type GraphSchemaView, readGraphSchema } from "./graph-schema";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource, missingPart, planOnNodes } from "./plan-with-nodes";
import { namedNodeTypes } from "./question-scope";
import type { SimilarityMetric } from "./question-words";
import { type ResolvedNode, resolveNodeNames } from "./resolve-node-names";
import { neighboursDataSchema, nodeName, readData } from "./result-shapes";
import { planSingleCall } from "./single-call-plan";

const metricNames: Record<SimilarityMetric, string> = {
  jaccard: "Jaccard",
  overlap: "overlap",
  cosine: "cosine",
  common_neighbors: "common neighbours",
  adamic_adar: "Adamic–Adar",
  resource_allocation: "resource allocation",
  preferential_attachment: "preferential attachment",
};

/** The node types one hop from a type, by the schema's edge types. */
function adjacentTypes(schema: GraphSchemaView, type: string): string[] {
  const types = schema.edge_types.flatMap((edge) => [
    ...(edge.from.includes(type) ? edge.to : []),
    ...(edge.to.includes(type) ? edge.from : []),
  ]);
  return [...new Set(types)].filter((other) => other !== type);
}

function pairName(id: string, label: string | undefined): string {
  return label && label !== id ? `${label} (${id})` : id;
}

/**
 * Two customers share no neighbour: "customers who buy the same products" compares them by the
 * products two hops away, through the one type between them (their orders).
 */
function viaTypeFor(input: {
  schema: GraphSchemaView;
  types: string[];
  subject: ResolvedNode;
}): string | undefined {
  const { schema, types, subject } = input;
  const named = types.find((type) => type !== subject.type);
  const adjacent = subject.type ? adjacentTypes(schema, subject.type) : [];
  return named && !adjacent.includes(named) && adjacent.length === 1 ? adjacent[0] : undefined;
}

// Enough for any neighbourhood a reader would check by hand.
const pairLimit = 1000;

/**
 * "What is the Jaccard similarity of Kingsbridge and Cathedral Square?": the pair's score from
 * node_similarity (every node scored against the first, the second looked up), beside both
 * nodes' neighbour lists (get_neighbors, one batch) so the answer states the counts the score
 * is made of. A second node node_similarity does not list shares no neighbour with the first:
 * its score is then worked out from the two lists, in the open.
 */
function planPairSimilarity(input: {
  context: PlanContext;
  metric: SimilarityMetric;
  node: string;
  other: string;
  schema: GraphSchemaView;
}): PlanOutcome {
  const { context, metric, schema } = input;
  const name = metricNames[metric];
  const names = resolveNodeNames({ context, names: [input.node, input.other] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [a, b] = names.nodes;
  if (a.id === b.id) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: `Both names find ${nodeName(a)}: which two nodes should be compared?`,
        zh: `两个名称都指向 ${nodeName(a)}：要比较哪两个节点？`,
      }),
    };
  }
  const via = viaTypeFor({
    schema,
    types: namedNodeTypes(context.reading.question, schema),
    subject: a,
  });
  const similarityCall: PlannedCall = {
    toolName: "node_similarity",
    input: { metric, node_id: a.id, top_k: pairLimit, ...(via ? { via_node_type: via } : {}) },
  };
  // Through a via type the neighbourhoods are two hops away: one-hop lists would not add up.
  const neighbourCalls: PlannedCall[] = via
    ? []
    : [a, b].map((node) => ({
        toolName: "get_neighbors",
        input: { node_id: node.id, depth: 1, limit: pairLimit },
      }));
  const calls = [similarityCall, ...neighbourCalls];
  const steps = context.reading.steps;
  const states = calls.map((call) => resolveCall({ steps, call }));
  const todo = calls.filter((_, index) => states[index].state === "todo");
  if (todo.length > 0) return { kind: "pending", calls: todo };
  const failed = states.find((state) => state.state === "failed");
  if (failed?.state === "failed") {
    return {
      kind: "done",
      part: failurePart({ step: failed.step, steps, phrases: context.phrases }),
    };
  }
  const similarity =
    states[0].state === "done" ? readData(similarityDataSchema, states[0].envelope) : null;
  const lists = states
    .slice(1)
    .map((state) =>
      state.state === "done" ? readData(neighboursDataSchema, state.envelope) : null,
    );
  if (!similarity || lists.some((list) => list === null)) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: "The similarity result could not be read.",
        zh: "无法读取相似度结果。",
      }),
    };
  }
  // The neighbourhoods node_similarity compares: both directions, no self-loop.
  const [first, second] = lists.map(
    (list) => new Set((list?.neighbours ?? []).map((node) => node.id)),
  );
  first?.delete(a.id);
  second?.delete(b.id);
  const shared = first && second ? [...first].filter((id) => second.has(id)) : [];
  const row = (similarity.similar ?? []).find((entry) => entry.id === b.id);
  const listedAll = (similarity as { truncated?: boolean }).truncated !== true;
  const part = emptyPart({ succeeded: true });
  for (const call of calls) part.sources.push(callSource(call));
  const pair = {
    en: `${nodeName(a)} and ${nodeName(b)}`,
    zh: `${nodeName(a)} 和 ${nodeName(b)}`,
  };
  let score: number | null = row ? row.score : null;
  let worked: { en: string; zh: string } | null = null;
  if (score === null && first && second) {
    // Not listed: no neighbour in common (or beyond the list). Worked out from the two lists.
    const union = first.size + second.size - shared.length;
    const values: Partial<Record<SimilarityMetric, number>> = {
      jaccard: union > 0 ? shared.length / union : 0,
      overlap:
        Math.min(first.size, second.size) > 0
          ? shared.length / Math.min(first.size, second.size)
          : 0,
      cosine:
        first.size * second.size > 0 ? shared.length / Math.sqrt(first.size * second.size) : 0,
      common_neighbors: shared.length,
      preferential_attachment: first.size * second.size,
      ...(shared.length === 0 ? { adamic_adar: 0, resource_allocation: 0 } : {}),
    };
    score = values[metric] ?? null;
    if (score !== null) {
      worked = {
        en: `${nodeName(b)} is not among the nodes node_similarity scores against ${nodeName(a)}${listedAll ? " (it lists every node sharing a neighbour)" : ""}, so the score is worked out from the two neighbour lists.`,
        zh: `node_similarity 对 ${nodeName(a)} 的结果中没有 ${nodeName(b)}${listedAll ? "（它列出所有有共同邻居的节点）" : ""}，因此按两份邻居列表计算得分。`,
      };
    }
  } else if (score === null && listedAll && metric !== "preferential_attachment") {
    score = 0;
  }
  if (score === null) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: `node_similarity does not list ${nodeName(b)} among the ${pairLimit} nodes most similar to ${nodeName(a)}, so their ${name} score is not known.`,
        zh: `node_similarity 列出的与 ${nodeName(a)} 最相似的 ${pairLimit} 个节点中没有 ${nodeName(b)}，无法给出 ${name} 得分。`,
      }),
    };
  }
  const stated = {
    en: `The ${name} similarity of ${pair.en} is ${formatFigure(score)}`,
    zh: `${pair.zh} 的 ${name} 相似度为 ${formatFigure(score)}`,
  };
  const common = row?.common_neighbors ?? shared.length;
  if (!first || !second) {
    part.summary.push(inLanguage(context, { en: `${stated.en}.`, zh: `${stated.zh}。` }));
  }
  if (first && second) {
    const union = first.size + second.size - common;
    const smaller = Math.min(first.size, second.size);
    // How the score is made of the counts, for the metrics that are a ratio of them.
    const formula: Partial<Record<SimilarityMetric, { en: string; zh: string }>> = {
      jaccard: { en: ` = ${common} / ${union}`, zh: ` = ${common} / ${union}` },
      overlap: { en: ` = ${common} / ${smaller}`, zh: ` = ${common} / ${smaller}` },
      cosine: {
        en: ` = ${common} / √(${first.size} × ${second.size})`,
        zh: ` = ${common} / √(${first.size} × ${second.size})`,
      },
    };
    const neighbours = (count: number) => `${count} ${count === 1 ? "neighbour" : "neighbours"}`;
    part.summary.push(
      inLanguage(context, {
        en: `${stated.en}${formula[metric]?.en ?? ""}: ${nodeName(a)} has ${neighbours(first.size)}, ${nodeName(b)} has ${second.size}, ${common} shared, ${union} in their union.`,
        zh: `${stated.zh}${formula[metric]?.zh ?? ""}：${nodeName(a)} 有 ${first.size} 个邻居，${nodeName(b)} 有 ${second.size} 个，共同邻居 ${common} 个，并集 ${union} 个。`,
      }),
    );
    if (shared.length > 0) {
      part.sections.push({
        heading: inLanguage(context, { en: "Neighbours in common", zh: "共同邻居" }),
        blocks: [
          {
            kind: "table",
            columns: [inLanguage(context, { en: "Node", zh: "节点" })],
            rows: shared.map((id) => {
              const found = lists[0]?.neighbours.find((node) => node.id === id);
              return [found ? nodeName(found) : id];
            }),
          },
        ],
      });
    }
  } else if (row?.common_neighbors !== undefined) {
    part.summary.push(
      inLanguage(context, {
        en: `They share ${row.common_neighbors} ${via ?? ""} neighbours two hops away.`.replace(
          /\s+/g,
          " ",
        ),
        zh: `它们通过 ${via ?? ""} 有 ${row.common_neighbors} 个共同的两跳邻居。`,
      }),
    );
  }
  if (worked) part.notes.push(inLanguage(context, worked));
  part.notes.push(
    inLanguage(context, {
      en: "Neighbourhoods are read with the edges' direction ignored and self-loops left out.",
      zh: "邻居集合忽略边的方向，不计自环。",
    }),
  );
  part.focusNodeIds = [a.id, b.id, ...shared];
  return { kind: "done", part };
}

/**
 * Similar nodes and likely links (node_similarity): the nodes most like a named one, or the
 * best pairs — only unlinked pairs when the question asks which links are likely or missing.
 */
export function planSimilarity(input: {
  context: PlanContext;
  metric: SimilarityMetric;
  node: string | null;
  likelyLinks: boolean;
  topK: number;
  other?: string;
}): PlanOutcome {
  const { context, metric, likelyLinks } = input;
  const name = metricNames[metric];
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  if (input.node && input.other) {
    return planPairSimilarity({
      context,
      metric,
      node: input.node,
      other: input.other,
      schema: schemaStep.schema,
    });
  }
  const types = namedNodeTypes(context.reading.question, schemaStep.schema);
  const topK = Math.max(input.topK, 10);
  if (input.node) {
    return planOnNodes({
      context,
      names: [input.node],
      missing: { en: "Which node?", zh: "请说明是哪个节点。" },
      call: ([subject]) => {
        const via = viaTypeFor({ schema: schemaStep.schema, types, subject });
        return {
          toolName: "node_similarity",
          input: {
            metric,
            node_id: subject.id,
            top_k: topK,
            ...(via ? { via_node_type: via } : {}),
          },
        };
      },
      schema: similarityDataSchema,
      write: (data, [subject], call) => {
        const part = emptyPart({ succeeded: true });
        part.sources.push(callSource(call));
        const rows = data.similar ?? [];
        const best = rows[0];
        if (!best || best.score <= 0) {
          part.summary.push(
            inLanguage(context, {
              en: `No node shares a neighbour with ${subject.id}, so none is similar to it by ${name}.`,
              zh: `没有节点与 ${subject.id} 有共同邻居，按 ${name} 没有相似节点。`,
            }),
          );
          return part;
        }
        part.summary.push(
          inLanguage(context, {
            en: `${nodeName(best)} is the most similar to ${subject.id} by ${name} (${formatFigure(best.score)}${best.common_neighbors !== undefined ? `, ${best.common_neighbors} common neighbours` : ""}).`,
            zh: `按 ${name}，与 ${subject.id} 最相似的是 ${nodeName(best)}（${formatFigure(best.score)}${best.common_neighbors !== undefined ? `，${best.common_neighbors} 个共同邻居` : ""}）。`,
          }),
        );
        part.sections.push({
          heading: inLanguage(context, {
            en: `Most similar to ${subject.id}`,
            zh: `与 ${subject.id} 最相似的节点`,
          }),
          blocks: [
            {
              kind: "table",
              columns: [
                "#",
                inLanguage(context, { en: "Node", zh: "节点" }),
                name,
                inLanguage(context, { en: "Common neighbours", zh: "共同邻居" }),
              ],
              rows: rows.map((row) => [
                String(row.rank),
                nodeName(row),
                formatFigure(row.score),
                String(row.common_neighbors ?? ""),
              ]),
            },
          ],
        });
        part.focusNodeIds = [subject.id, ...rows.map((row) => row.id)];
        return part;
      },
    });
  }
  const nodeType = types[0];
  const call: PlannedCall = {
    toolName: "node_similarity",
    input: {
      metric,
      top_k: topK,
      ...(likelyLinks ? { exclude_adjacent: true } : {}),
      ...(nodeType ? { node_type: nodeType } : {}),
      ...(nodeType && types[1] ? { via_node_type: types[1] } : {}),
    },
  };
  return planSingleCall({
    context,
    call,
    schema: similarityDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const pairs = data.pairs ?? [];
      const best = pairs[0];
      if (!best) {
        part.summary.push(
          inLanguage(context, {
            en: likelyLinks
              ? "No unlinked pair shares a neighbour: no link is predicted."
              : "No two nodes share a neighbour.",
            zh: likelyLinks
              ? "没有尚未相连且有共同邻居的节点对，无法预测新连接。"
              : "没有两个节点有共同邻居。",
          }),
        );
        return part;
      }
      const a = pairName(best.source, best.source_label);
      const b = pairName(best.target, best.target_label);
      part.summary.push(
        likelyLinks
          ? inLanguage(context, {
              en: `${a} and ${b} are the most likely new link: they are not linked yet and score highest by ${name} (${formatFigure(best.score)}).`,
              zh: `最可能产生连接的尚未相连节点对是 ${a} 和 ${b}（${name} 指数 ${formatFigure(best.score)}）。`,
            })
          : inLanguage(context, {
              en: `${a} and ${b} are the most similar pair by ${name} (${formatFigure(best.score)}).`,
              zh: `按 ${name}，最相似的节点对是 ${a} 和 ${b}（${formatFigure(best.score)}）。`,
            }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: likelyLinks ? "Likely links (unlinked pairs)" : "Most similar pairs",
          zh: likelyLinks ? "可能的新连接（尚未相连）" : "最相似的节点对",
        }),
        blocks: [
          {
            kind: "table",
            columns: [
              "#",
              inLanguage(context, { en: "Pair", zh: "节点对" }),
              name,
              inLanguage(context, { en: "Common neighbours", zh: "共同邻居" }),
            ],
            rows: pairs.map((pair) => [
              String(pair.rank),
              `${pairName(pair.source, pair.source_label)} – ${pairName(pair.target, pair.target_label)}`,
              formatFigure(pair.score),
              String(pair.common_neighbors ?? ""),
            ]),
          },
        ],
      });
      if (data.exact === false && data.note) part.notes.push(data.note);
      part.focusNodeIds = [...new Set(pairs.flatMap((pair) => [pair.source, pair.target]))];
      return part;
    },
  });
}
