import { readRoleLink, readRoleRanking } from "../reading/edge-roles";
import { edgeTypesBetween } from "../reading/edge-types-between";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { peopleCounted, personTypes } from "../reading/person-words";
import { namedNodeTypes } from "../reading/question-scope";
import { questionWords } from "../reading/question-words";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { degreeDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import { planAggregate } from "./plan-aggregate";
import { planSchemaQuestion } from "./plan-schema-question";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

/**
 * The edge types that join a kind of node to the one kind of people linked to it
 * (departments → employees), or none when there is not exactly one such kind.
 */
function edgeTypesToPeople(schema: GraphSchemaView, type: string | undefined): string[] {
  if (!type) return [];
  const people = schema.node_types
    .map((other) => other.name)
    .filter(
      (other) =>
        other !== type &&
        personTypes.test(other) &&
        edgeTypesBetween(schema, type, other).length > 0,
    );
  return people.length === 1 ? edgeTypesBetween(schema, type, people[0]) : [];
}

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
  const role = directed ? readRoleLink({ question: context.reading.question, node, schema }) : null;
  // "How many people work in the Engineering department?": the people linked to the node, once
  // it is known which kind of node it is (the aggregate would count departments named so).
  const question = context.reading.question;
  const countsPeople =
    !role &&
    peopleCounted.test(question) &&
    !questionWords.aggregate.test(question.replace(/\b(?:in\s+)?total\b|一共|总共|总计/gi, "")) &&
    !/\d/.test(question.replace(node, ""));
  const aggregate =
    role || countsPeople ? null : planAggregate({ context, schema, subjects: [node] });
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
  let peopleEdges: string[] = [];
  if (countsPeople && named?.kind === "resolved") {
    peopleEdges = edgeTypesToPeople(schema, named.nodes[0].type);
    if (peopleEdges.length === 0) {
      const first = planAggregate({ context, schema, subjects: [node] });
      if (first) return first;
    }
  }
  if (named?.kind === "resolved" && !role && peopleEdges.length === 0) {
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
      if (peopleEdges.length > 0) {
        return {
          toolName: "degree_analysis",
          input: { node_ids: [subject.id], mode: "all", edge_types: peopleEdges },
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
      // Said without brackets: a follow-up reads "(x)" after a name as that node's id.
      const types = filters?.edge_types?.join(", ");
      const via = types ? { en: ` by ${types}`, zh: `（按 ${types} 边计）` } : { en: "", zh: "" };
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
            en: `${name} has ${row.degree} incoming edges${via.en} (in-degree ${row.degree}).`,
            zh: `${name} 的入度为 ${row.degree}${via.zh}。`,
          }),
        );
      } else if (usedMode === "out") {
        part.summary.push(
          inLanguage(context, {
            en: `${name} has ${row.degree} outgoing edges${via.en} (out-degree ${row.degree}).`,
            zh: `${name} 的出度为 ${row.degree}${via.zh}。`,
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
            en: `${name} has ${row.degree} connections${via.en}${split}.`,
            zh: `${name} 的度为 ${row.degree}${via.zh}${split}。`,
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

/**
 * "Who has the most direct reports?": the nodes with the most links of a manager-like edge
 * type ending at them (degree_analysis on that edge type, in); without such a link in the
 * schema, the ranking by in-degree.
 */
export function planRoleRanking(input: {
  context: PlanContext;
  topK: number;
  ascending: boolean;
  otherwise: () => PlanOutcome;
}): PlanOutcome {
  const { context } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const edgeType = readRoleRanking({
    question: context.reading.question,
    schema: schemaStep.schema,
  });
  if (!edgeType || context.graph.description.directed !== true) return input.otherwise();
  const kinds = schemaStep.schema.edge_types.find((type) => type.name === edgeType)?.to ?? [];
  // "Which department manages the most projects?" is about other kinds than the role's.
  const named = namedNodeTypes(context.reading.question, schemaStep.schema);
  if (named.some((type) => !kinds.includes(type))) return input.otherwise();
  const call = {
    toolName: "degree_analysis",
    input: {
      top_k: input.ascending ? 1000 : Math.max(input.topK, 10),
      mode: "in",
      edge_types: [edgeType],
      ...(kinds.length === 1 ? { node_type: kinds[0] } : {}),
    },
  };
  return planSingleCall({
    context,
    call,
    schema: degreeDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      // The fewest among those who hold the role at all (someone with no report is no manager).
      const rows = input.ascending
        ? (data.top ?? []).filter((row) => row.degree > 0).reverse()
        : [...(data.top ?? [])];
      const best = rows[0];
      if (!best) {
        part.summary.push(
          inLanguage(context, {
            en: `No node has a ${edgeType} link.`,
            zh: `没有节点有 ${edgeType} 边。`,
          }),
        );
        return part;
      }
      const tied = rows.filter((row) => row !== best && row.degree === best.degree).map(nodeName);
      const most = input.ascending ? "fewest" : "most";
      part.summary.push(
        inLanguage(context, {
          en: `${nodeName(best)} has the ${most} ${edgeType} links pointing at it (${best.degree})${tied.length > 0 ? `, tied with ${tied.slice(0, 5).join(", ")}` : ""}.`,
          zh: `指向 ${nodeName(best)} 的 ${edgeType} 边${input.ascending ? "最少" : "最多"}（${best.degree}）${tied.length > 0 ? `，与 ${tied.slice(0, 5).join("、")} 并列` : ""}。`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `Top by incoming ${edgeType} links`,
          zh: `按指向的 ${edgeType} 边排序`,
        }),
        blocks: [
          {
            kind: "table",
            columns: ["#", context.phrases.columnNode, "in-degree"],
            rows: rows
              .slice(0, input.topK)
              .map((row, index) => [String(index + 1), nodeName(row), String(row.degree)]),
          },
        ],
      });
      part.focusNodeIds = rows.slice(0, input.topK).map((row) => row.id);
      return part;
    },
  });
}
