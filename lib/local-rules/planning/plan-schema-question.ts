import { namesEdgesGenerally, namesNodesGenerally } from "../reading/graph-nouns";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { describeCondition, readPropertyConditions } from "../reading/property-conditions";
import {
  edgeTypeNamedByVerb,
  listedByOtherKinds,
  namedNodeTypes,
  namedValues,
  typePosition,
} from "../reading/question-scope";
import { questionWords } from "../reading/question-words";
import { degreeDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { cannotPlanPart } from "../writing/capability-part";
import { planAggregate } from "./plan-aggregate";
import { planEndpointGroups } from "./plan-endpoint-groups";
import { planRanking } from "./plan-ranking";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

// A verb of sending or receiving ("ordered", "sent"): the question is about links.
const relationVerb = new RegExp(
  `${questionWords.inDegree.source}|${questionWords.outDegree.source}`,
  "i",
);

// Sums, averages and money: these need the property values themselves (SQL), not a count.
const valueAggregate =
  /\baverage\b|\bmean\b|\bsum\b|\btotal\b(?! (?:number|count))|\bspend|\bspent\b|\brevenue\b|\bamount\b|\bmedian\b|\bper\b|平均|总(?:额|金额|和|计|量)|合计|金额|花费|消费|每个|按/i;

/**
 * "How many project assignments are recorded?": a link type named right after a node type's word
 * is the head of the phrase, so its links are counted, not the nodes.
 */
function namesLinkAsHead(question: string, schema: GraphSchemaView, types: string[]): boolean {
  return schema.edge_types.some((type) => {
    const at = typePosition(question, type.name);
    return (
      at > 0 &&
      types.some((nodeType) => {
        const before = typePosition(question, nodeType);
        return before >= 0 && before < at && /^\S+\s+$/.test(question.slice(before, at));
      })
    );
  });
}

/**
 * Questions only the schema can settle: how many nodes, edges or nodes of a type ("How many
 * orders are there?" — the verified graph's own counts); how many nodes meet a property
 * condition ("How many members belong to the Officer club?" — degree_analysis with that filter
 * counts them); aggregates over property values (SQL through query_graph); and a ranking of one
 * type by its links to another ("Which product appears in the most orders?").
 */
export function planSchemaQuestion(input: {
  context: PlanContext;
  topK: number;
  mode: "all" | "in" | "out";
  ascending: boolean;
}): PlanOutcome {
  const { context } = input;
  const question = context.reading.question;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const description = context.graph.description;
  const types = namedNodeTypes(question, schema);
  // The conditions that describe the nodes counted: values named ("in the West region") and
  // figures or yes/no properties ("older than 80", "voltage of 400 kV", "interchanges").
  const values = [
    ...namedValues({ question, schema }),
    ...readPropertyConditions({ question, schema }),
  ].sort((a, b) => a.at - b.at);
  // Aggregates first: a count with a condition or a group ("how many papers have the label
  // c3", "which city has the most customers") is SQL; what the aggregate grammar does not
  // claim is counted from the graph itself or ranked by links below.
  // "Which department sends the most emails?": links grouped by their sender's property.
  const endpointGroups = planEndpointGroups({
    context,
    schema,
    mode: input.mode,
    ascending: input.ascending,
  });
  if (endpointGroups) return endpointGroups;
  const aggregate = planAggregate({ context, schema });
  if (aggregate) return aggregate;
  // A question that names nothing of this graph ("How many calories are in an apple?") is not
  // a question about it: it gets the honest refusal, not the graph's node count.
  const aboutGraph =
    types.length > 0 ||
    values.length > 0 ||
    schema.edge_types.some((type) => typePosition(question, type.name) >= 0) ||
    questionWords.nodesWord.test(question) ||
    questionWords.edgesWord.test(question) ||
    // "in number of waypoints", "步道段一共有多少条": the dataset's own nouns for nodes and links.
    namesNodesGenerally(question, schema) ||
    namesEdgesGenerally(question) ||
    relationVerb.test(question) ||
    /\b(?:graph|network|dataset|data|club|members?)\b|图|网络|数据/i.test(question) ||
    // One kind of node: "how many airports" can only be asking for nodes.
    (schema.node_types.length <= 1 && /\bhow many [a-z]+s\b|多少个|几个/i.test(question));
  if (!aboutGraph) return { kind: "done", part: cannotPlanPart({ phrases: context.phrases }) };
  const counting = questionWords.count.test(question);
  // "How many students are there in total?" counts; "in total" alone sums nothing.
  const summing = valueAggregate.test(question.replace(/\bin total\b|一共|总共/gi, ""));

  const ranking = questionWords.superlative.test(question);
  if (counting && !summing && !ranking && values.length === 0) {
    const part = emptyPart({ succeeded: true });
    // "How many loans are recorded?", "一共有多少条选课记录？": an edge type by its name or verb.
    // Rows of a link ("多少条选课记录", "how many enrolment records") outrank the type named in it.
    const headLink = namesLinkAsHead(question, schema, types);
    const recordsAsked = headLink || /\brecords?\b|\bentries\b|\brows\b|记录|条/i.test(question);
    const edgeType =
      schema.edge_types.find((type) => typePosition(question, type.name) >= 0) ??
      (types.length === 0 || recordsAsked ? edgeTypeNamedByVerb({ question, schema }) : undefined);
    const nodeType = types[0];
    if (
      nodeType &&
      !(recordsAsked && edgeType) &&
      !questionWords.edgesWord.test(question.replace(new RegExp(nodeType, "gi"), ""))
    ) {
      const count =
        description.node_types?.[nodeType] ??
        schema.node_types.find((type) => type.name === nodeType)?.count;
      part.summary.push(
        inLanguage(context, {
          en: `There are ${count} ${nodeType} in the graph.`,
          zh: `图中共有 ${count} 个 ${nodeType} 节点。`,
        }),
      );
    } else if (edgeType && (types.length === 0 || recordsAsked)) {
      part.summary.push(
        inLanguage(context, {
          en: `There are ${edgeType.count} ${edgeType.name} edges.`,
          zh: `共有 ${edgeType.count} 条 ${edgeType.name} 边。`,
        }),
      );
    } else if (
      (questionWords.edgesWord.test(question) || namesEdgesGenerally(question)) &&
      !questionWords.nodesWord.test(question) &&
      !namesNodesGenerally(question, schema)
    ) {
      part.summary.push(
        inLanguage(context, {
          en: `The graph has ${description.edges} edges.`,
          zh: `图中共有 ${description.edges} 条边。`,
        }),
      );
    } else {
      part.summary.push(
        inLanguage(context, {
          en: `The graph has ${description.nodes} nodes${questionWords.edgesWord.test(question) ? ` and ${description.edges} edges` : ""}.`,
          zh: `图中共有 ${description.nodes} 个节点${questionWords.edgesWord.test(question) ? `、${description.edges} 条边` : ""}。`,
        }),
      );
    }
    const byType = Object.entries(description.node_types ?? {});
    if (byType.length > 1) {
      part.sections.push({
        heading: inLanguage(context, { en: "Nodes by type", zh: "各类型节点数" }),
        blocks: [
          {
            kind: "table",
            columns: [context.phrases.columnNodeType, context.phrases.columnCount],
            rows: byType.map(([name, count]) => [name, String(count)]),
          },
        ],
      });
    }
    part.sources.push(
      `${context.graph.verifiedBy} (nodes ${description.nodes}, edges ${description.edges})`,
    );
    return { kind: "done", part };
  }

  if (counting && !summing && !ranking) {
    // Counting nodes that meet conditions: the ranking tool's `total` is that count.
    // A value several kinds list describes nodes of every kind (see resolveScope).
    const first = values[0];
    const nodeType =
      types[0] ??
      (schema.node_types.length > 1 && first && !listedByOtherKinds(first, schema)
        ? first.nodeType
        : undefined);
    const where = values
      .filter((value) => !nodeType || value.nodeType === nodeType)
      .map((value) => value.condition);
    const call: PlannedCall = {
      toolName: "degree_analysis",
      input: { top_k: 1, ...(nodeType ? { node_type: nodeType } : {}), where },
    };
    return planSingleCall({
      context,
      call,
      schema: degreeDataSchema,
      write: (data) => {
        const part = emptyPart({ succeeded: true });
        part.sources.push(callSource(call));
        const conditions = where.map(describeCondition).join(" and ");
        part.summary.push(
          inLanguage(context, {
            en: `${data.total ?? 0} ${nodeType ?? "nodes"} have ${conditions}.`,
            zh: `共有 ${data.total ?? 0} 个${nodeType ? ` ${nodeType} ` : ""}节点满足 ${conditions}。`,
          }),
        );
        return part;
      },
    });
  }

  // "Which members referred the most other members?": with nothing else to rank by, a ranking
  // question counts links (in or out by the verb's voice on a directed graph).
  // On a weighted graph "the largest total volume" ranks by the sum of weights (strength).
  const weighted = context.graph.description.weighted === true;
  if (questionWords.rank.test(question) && (!summing || weighted)) {
    return planRanking({
      context,
      measure: "degree",
      topK: input.topK,
      mode: input.mode,
      ascending: input.ascending,
    });
  }
  return { kind: "done", part: cannotPlanPart({ phrases: context.phrases }) };
}
