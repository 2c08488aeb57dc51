import type { GraphSchemaView } from "../reading/graph-schema";
import { namedNodeTypes } from "../reading/question-scope";
import type { SimilarityMetric } from "../reading/question-words";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { metricNames, viaTypeFor } from "../reading/similarity-pair-words";
import { resolveCall } from "../steps/call-resolution";
import { similarityDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { failurePart } from "../writing/failure-part";
import { formatFigure } from "../writing/format-figures";
import { neighboursDataSchema, nodeName, readData } from "../writing/result-shapes";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource, missingPart } from "./plan-with-nodes";

export function planPairSimilarity(input: {
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

// Enough for any neighbourhood a reader would check by hand.
const pairLimit = 1000;

/**
 * Similar nodes and likely links (node_similarity): the nodes most like a named one, or the
 * best pairs — only unlinked pairs when the question asks which links are likely or missing.
 */
