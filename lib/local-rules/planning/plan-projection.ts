import { edgeTypesBetween } from "../reading/edge-types-between";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { linkEndTypes } from "../reading/link-nouns";
import { namedNodeTypes, namedValues } from "../reading/question-scope";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { projectionDataSchema, similarityDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import { planNeighbours } from "./plan-neighbours";
import { planSimilarity } from "./plan-similarity";
import { planTwoHop, twoHopKind } from "./plan-two-hop";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, missingPart, planOnNodes } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

function pairName(id: string, label: string | undefined): string {
  return label && label !== id ? `${label} (${id})` : id;
}

/**
 * "Which products are bought together", "which authors co-wrote": the pairs of one node type
 * that share the most neighbours of another (project_graph). On a graph with one node type the
 * same question is about shared neighbours, so it is answered by common-neighbour similarity.
 */
export function planProjection(input: { context: PlanContext; topK: number }): PlanOutcome {
  const { context } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  if (schema.node_types.length < 2) {
    return planSimilarity({
      context,
      metric: "common_neighbors",
      node: null,
      likelyLinks: false,
      topK: input.topK,
    });
  }
  const types = namedNodeTypes(question, schema);
  const kept = types[0] ?? namedValues({ question, schema })[0]?.nodeType;
  if (!kept) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: `Which kind of node should be paired? The graph has ${schema.node_types.map((type) => type.name).join(", ")}.`,
        zh: `要配对哪一类节点？图中有 ${schema.node_types.map((type) => type.name).join("、")}。`,
      }),
    };
  }
  // Products meet only orders: the one type they link to is what they share, said by name.
  const linked = [
    ...new Set(
      schema.edge_types.flatMap((type) => [
        ...(type.from.includes(kept) ? type.to : []),
        ...(type.to.includes(kept) ? type.from : []),
      ]),
    ),
  ].filter((type) => type !== kept);
  // "Which two films share the most cast members?": the far end of the link table named.
  const [linkEnd, ...moreEnds] = linkEndTypes({ question, schema, subjectType: kept });
  const via =
    types.find((type) => type !== kept) ??
    (linkEnd && moreEnds.length === 0 ? linkEnd : undefined) ??
    (linked.length === 1 ? linked[0] : undefined);
  const call = {
    toolName: "project_graph",
    input: {
      node_type: kept,
      top_k: Math.max(input.topK, 10),
      ...(via ? { via_node_type: via } : {}),
    },
  };
  return planSingleCall({
    context,
    call,
    schema: projectionDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const best = data.pairs[0];
      if (!best) {
        part.summary.push(
          inLanguage(context, {
            en: `No two ${data.node_type} share ${data.via}.`,
            zh: `没有两个 ${data.node_type} 共享 ${data.via}。`,
          }),
        );
        return part;
      }
      const a = pairName(best.source, best.source_label);
      const b = pairName(best.target, best.target_label);
      const shared = best.shared ?? best.weight;
      part.summary.push(
        inLanguage(context, {
          en: `${a} and ${b} go together most often: they share ${formatFigure(shared)} ${data.via}.`,
          zh: `${a} 和 ${b} 最常一起出现：它们共享 ${formatFigure(shared)} 个 ${data.via}。`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `${data.node_type} pairs by shared ${data.via}`,
          zh: `按共享 ${data.via} 排序的 ${data.node_type} 节点对`,
        }),
        blocks: [
          {
            kind: "table",
            columns: [
              "#",
              inLanguage(context, { en: "Pair", zh: "节点对" }),
              inLanguage(context, { en: `Shared ${data.via}`, zh: `共享 ${data.via}` }),
            ],
            rows: data.pairs.map((pair) => [
              String(pair.rank),
              `${pairName(pair.source, pair.source_label)} – ${pairName(pair.target, pair.target_label)}`,
              formatFigure(pair.shared ?? pair.weight),
            ]),
          },
        ],
      });
      part.notes.push(
        inLanguage(context, {
          en: `${data.edge_count} pairs of ${data.node_type} share at least one of ${data.via}.`,
          zh: `共有 ${data.edge_count} 对 ${data.node_type} 至少共享一个 ${data.via}。`,
        }),
      );
      part.focusNodeIds = [...new Set(data.pairs.flatMap((pair) => [pair.source, pair.target]))];
      return part;
    },
  });
}

/**
 * What two nodes of one kind share, as the edge types to compare them by: the links to the
 * kind the question names ("worked with on a project" → the links to projects). Working with
 * someone, with no kind named, is sharing what a link table records (a SQL dump's
 * `assignments`, employee ↔ project), when the node's kind has exactly one such link; with
 * none, and a link to its own kind, the people it works with are its neighbours.
 */
function sharedThrough(input: {
  schema: GraphSchemaView;
  question: string;
  subjectType: string | undefined;
  collaboration: boolean;
}): string[] | "neighbours" {
  const { schema, question, subjectType } = input;
  if (!subjectType) return [];
  // Only what the question says they share counts: students, not also the department.
  const shared = namedNodeTypes(question, schema).find((type) => type !== subjectType);
  if (shared) {
    const between = edgeTypesBetween(schema, subjectType, shared);
    if (between.length > 0 || !input.collaboration) return between;
  }
  if (!input.collaboration) return [];
  const touching = schema.edge_types.filter(
    (type) => type.from.includes(subjectType) || type.to.includes(subjectType),
  );
  const toOthers = touching.filter((type) =>
    [...type.from, ...type.to].some((end) => end !== subjectType),
  );
  // A foreign key is named `<table>.<column>`; a link table by its own name.
  const linkTables = toOthers.filter((type) => !type.name.includes("."));
  if (linkTables.length === 1) return [linkTables[0].name];
  const sameKind = touching.some((type) =>
    [...type.from, ...type.to].every((end) => end === subjectType),
  );
  if (sameKind || toOthers.length === 0) return "neighbours";
  return toOthers.length === 1 ? [toOthers[0].name] : [];
}

/**
 * "With how many other products has products:36 shared an order?": the nodes of the same type
 * that share at least one neighbour with it (node_similarity's common neighbours, every
 * partner listed), so the count is the length of a list the answer shows.
 */
export function planPartners(input: {
  context: PlanContext;
  node: string;
  ask: "count" | "top" | "list";
  collaboration?: boolean;
}): PlanOutcome {
  const { context, ask } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  // "Who has X worked with?" on a graph of one kind of node: the people it is linked to.
  if (input.collaboration && schema.node_types.length < 2) {
    return planNeighbours({ context, node: input.node, depth: 1, limit: 1000 });
  }
  const named = resolveNodeNames({ context, names: [input.node] });
  if (named.kind === "pending") return { kind: "pending", calls: named.calls };
  if (named.kind === "problem") return { kind: "done", part: named.part };
  // "How many different actors has Mei Tanaka worked with?": a kind reached through her films.
  const farKind = twoHopKind({ question: context.reading.question, schema, nodes: named.nodes });
  if (farKind) return planTwoHop({ context, schema, nodes: named.nodes, kind: farKind });
  const through = sharedThrough({
    schema,
    question: context.reading.question,
    subjectType: named.nodes[0].type,
    collaboration: input.collaboration === true,
  });
  if (through === "neighbours") {
    return planNeighbours({ context, node: input.node, depth: 1, limit: 1000 });
  }
  return planOnNodes({
    context,
    names: [input.node],
    missing: { en: "Which node?", zh: "请说明是哪个节点。" },
    call: ([subject]) => {
      const edgeTypes = through;
      return {
        toolName: "node_similarity",
        input: {
          metric: "common_neighbors",
          node_id: subject.id,
          top_k: 1000,
          ...(subject.type ? { node_type: subject.type } : {}),
          ...(edgeTypes.length > 0 ? { edge_types: edgeTypes } : {}),
        },
      };
    },
    schema: similarityDataSchema,
    write: (data, [subject], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const partners = (data.similar ?? []).filter((row) => row.score > 0);
      const kind = subject.type ?? inLanguage(context, { en: "nodes", zh: "节点" });
      const best = partners[0];
      const via = (call.input.edge_types as string[] | undefined)?.join(", ");
      if (ask === "list" && partners.length > 0) {
        const names = partners.map((row) => nodeName(row));
        part.summary.push(
          inLanguage(context, {
            en: `${nodeName(subject)} shares ${via ? `${via} links` : "neighbours"} with ${partners.length} other ${kind}: ${names.join(", ")}.`,
            zh: `${nodeName(subject)} 与另外 ${partners.length} 个 ${kind}${via ? `通过 ${via}` : ""}有共同邻居：${names.join("、")}。`,
          }),
        );
      } else if (ask === "top" && best) {
        part.summary.push(
          inLanguage(context, {
            en: `${best.label && best.label !== best.id ? `${best.label} (${best.id})` : best.id} shares the most with ${subject.id} (${formatFigure(best.score)} in common).`,
            zh: `与 ${subject.id} 共享最多的是 ${best.label && best.label !== best.id ? `${best.label} (${best.id})` : best.id}（共同 ${formatFigure(best.score)} 个）。`,
          }),
        );
      } else
        part.summary.push(
          inLanguage(context, {
            en: `${subject.id} shares at least one neighbour${via ? ` (by ${via})` : ""} with ${partners.length} other ${kind}.`,
            zh: `${subject.id} 与另外 ${partners.length} 个 ${kind} 至少有一个共同邻居${via ? `（通过 ${via}）` : ""}。`,
          }),
        );
      if (partners.length > 0) {
        part.sections.push({
          heading: inLanguage(context, {
            en: `Shared with ${subject.id}`,
            zh: `与 ${subject.id} 共享`,
          }),
          blocks: [
            {
              kind: "table",
              columns: [
                inLanguage(context, { en: "Node", zh: "节点" }),
                inLanguage(context, { en: "Shared neighbours", zh: "共同邻居数" }),
              ],
              rows: partners.map((row) => [
                row.label && row.label !== row.id ? `${row.label} (${row.id})` : row.id,
                formatFigure(row.score),
              ]),
            },
          ],
        });
      }
      part.focusNodeIds = [subject.id, ...partners.slice(0, 50).map((row) => row.id)];
      return part;
    },
  });
}
