import { degreeDataSchema } from "./analysis-result-shapes";
import { emptyPart } from "./answer-document";
import { inLanguage } from "./answer-language";
import { edgeTypesBetween } from "./edge-types-between";
import { formatFigure } from "./format-figures";
import { readRoleLink } from "./edge-roles";
import { readGraphSchema } from "./graph-schema";
import { planAggregate } from "./plan-aggregate";
import { planSchemaQuestion } from "./plan-schema-question";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";
import { namedNodeTypes } from "./question-scope";
import { questionWords } from "./question-words";
import { resolveNodeNames } from "./resolve-node-names";
import { nodeName } from "./result-shapes";

/**
 * The degree of one named node: degree_analysis for that node, raw counts (in and out on a
 * directed graph, strength when weighted). "How many orders did customers:34 place" counts only
 * the edges that join the node to the kind of node the question names.
 */
export function planDegree(input: {
  context: PlanContext;
  node: string;
  mode: "all" | "in" | "out";
  strength: boolean;
}): PlanOutcome {
  const { context, node } = input;
  // On a weighted graph "in total" asks for the weights' sum ("emails sent in total").
  const strength =
    input.strength ||
    (context.graph.description.weighted === true &&
      (/\bin total\b|\btotal\b|总数|总共|总计/i.test(context.reading.question) ||
        questionWords.weightQuantity.test(context.reading.question)));
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  // "经济系开设的课程一共多少学分？", "how many of our students come from Canada": a named node or
  // value with a property to sum or count is an aggregate, not the node's degree.
  // A plan must use the node: without it, "lines committed to ledger-service" would be summed
  // over every repository.
  // "How many direct reports does X have?": a same-kind link a foreign key records (employee →
  // manager) is counted the way the role the question names runs, and only that edge type.
  const directed = context.graph.description.directed === true;
  const role = directed
    ? readRoleLink({ question: context.reading.question, node, schema })
    : null;
  const aggregate = role ? null : planAggregate({ context, schema, subjects: [node] });
  if (aggregate) return aggregate;
  // "提交记录（commits）一共有多少条？": the "node" is a type's name, so this is a count.
  const typeNames = [...schema.node_types, ...schema.edge_types].map((type) =>
    type.name.toLowerCase(),
  );
  if (typeNames.includes(node.toLowerCase()) || typeNames.includes(`${node.toLowerCase()}s`)) {
    return planSchemaQuestion({ context, topK: 10, mode: input.mode, ascending: false });
  }
  // "What's the total number of lines committed to ledger-service?": the schema lists only a
  // few names, so the node is confirmed by a search (the degree below needs the same search),
  // then filters an aggregate over the rows that reach it.
  const named = node.trim() === "" ? null : resolveNodeNames({ context, names: [node] });
  if (named?.kind === "pending") return { kind: "pending", calls: named.calls };
  if (named?.kind === "resolved" && !role) {
    const [entity] = named.nodes;
    const filtered = planAggregate({
      context,
      schema,
      entities: [{ surface: node, id: entity.id, type: entity.type ?? null, label: entity.label }],
      subjects: [node],
    });
    if (filtered) return filtered;
  }
  const mode = directed ? (role?.direction ?? input.mode) : "all";
  return planOnNodes({
    context,
    names: [node],
    missing: { en: "Which node's degree do you want?", zh: "请说明要查询哪个节点的度。" },
    call: ([subject]) => {
      if (role) {
        return {
          toolName: "degree_analysis",
          input: { node_ids: [subject.id], mode, edge_types: [role.edgeType] },
        };
      }
      const counted = namedNodeTypes(context.reading.question, schema).filter(
        (type) => type !== subject.type,
      );
      const edgeTypes =
        subject.type && counted.length > 0
          ? counted.flatMap((type) => edgeTypesBetween(schema, subject.type as string, type))
          : [];
      // Links to a named kind of node are counted whichever way they point: a SQL foreign key
      // runs from the order to its customer, yet "orders a customer placed" are those links.
      return {
        toolName: "degree_analysis",
        input: {
          node_ids: [subject.id],
          mode: edgeTypes.length > 0 ? "all" : mode,
          ...(edgeTypes.length > 0 ? { edge_types: [...new Set(edgeTypes)] } : {}),
        },
      };
    },
    schema: degreeDataSchema,
    write: (data, [subject], call) => {
      const part = emptyPart({ succeeded: true });
      const row = data.nodes?.[0];
      const usedMode = call.input.mode;
      part.sources.push(callSource(call));
      if (!row) {
        part.succeeded = false;
        part.summary.push(
          inLanguage(context, {
            en: `The degree of ${subject.id} was not reported.`,
            zh: `没有得到 ${subject.id} 的度。`,
          }),
        );
        return part;
      }
      const name = nodeName(row);
      const filters = (data as { filters?: { edge_types?: string[] } }).filters;
      const via = filters?.edge_types?.length ? ` (${filters.edge_types.join(", ")})` : "";
      if (strength && row.strength !== undefined) {
        part.summary.push(
          inLanguage(context, {
            en: `${name} has a weighted degree (strength) of ${formatFigure(row.strength)}, over ${row.degree} edges.`,
            zh: `${name} 的加权度（强度）为 ${formatFigure(row.strength)}，共 ${row.degree} 条边。`,
          }),
        );
      } else if (usedMode === "in") {
        part.summary.push(
          inLanguage(context, {
            en: `${name} has ${row.degree} incoming edges${via} (in-degree ${row.degree}).`,
            zh: `${name} 的入度为 ${row.degree}${via}。`,
          }),
        );
      } else if (usedMode === "out") {
        part.summary.push(
          inLanguage(context, {
            en: `${name} has ${row.degree} outgoing edges${via} (out-degree ${row.degree}).`,
            zh: `${name} 的出度为 ${row.degree}${via}。`,
          }),
        );
      } else {
        const split =
          row.in_degree !== undefined && row.out_degree !== undefined
            ? inLanguage(context, {
                en: `: ${row.in_degree} in, ${row.out_degree} out`,
                zh: `：入度 ${row.in_degree}，出度 ${row.out_degree}`,
              })
            : "";
        part.summary.push(
          inLanguage(context, {
            en: `${name} has ${row.degree} connections${via}${split}.`,
            zh: `${name} 的度为 ${row.degree}${via}${split}。`,
          }),
        );
      }
      if (row.strength !== undefined && !strength) {
        part.notes.push(
          inLanguage(context, {
            en: `Weighted, its strength (sum of edge weights) is ${formatFigure(row.strength)}.`,
            zh: `按边权重求和，其强度为 ${formatFigure(row.strength)}。`,
          }),
        );
      }
      part.focusNodeIds = [row.id];
      return part;
    },
  });
}
