import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { excludedPhrases, isExcluded } from "../reading/exclusion";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { readPropertyConditions } from "../reading/property-conditions";
import { namedNodeTypes, namedValues, singular } from "../reading/question-scope";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { mentionIsValue } from "../reading/value-mention";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import { type Declined, defineFamily } from "./define-family";
import { type EdgeSumsIntent, ranking, readEdgeSums } from "./edge-sums-question";
import { endNodesTable } from "./link-ends";
import { namesProperty as namesLinkProperty } from "./link-property-names";
import { bothWays, edgeGroupOf, edgeTableOf, edgeValueFilters } from "./link-table";
import { planLinkTotals } from "./link-totals";
import { missingQuantity } from "./missing-link-quantity";
import { planNodePropertyTotals } from "./node-property-totals";
import { endOfPrice, isPriceProperty } from "./price-direction";

// A value every kind of end node lists ("valley = Birch" on villages and huts alike) is one
// condition.
function distinctConditions<Value extends { condition: { property: string; value: unknown } }>(
  values: Value[],
): Value[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = `${value.condition.property}\u0000${String(value.condition.value)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const comparison: Record<string, string> = { eq: "=", gt: ">", gte: ">=", lt: "<", lte: "<=" };

function nodeTableOf(schema: GraphSchemaView, type: string): string | null {
  return (
    schema.query_tables.find((table) => table.kind === "node-type" && table.name === type)?.name ??
    null
  );
}

// "Which country sends the most": a node property the question asks "which …" of.
function groupProperty(question: string, schema: GraphSchemaView, types: string[]): string | null {
  const properties = schema.node_types.find((node) => types.includes(node.name))?.properties ?? [];
  for (const property of properties) {
    const word = singular(property.name.toLowerCase());
    if (new RegExp(`\\b(?:which|what|each|per|by)\\s+${word}s?\\b`, "i").test(question)) {
      return property.name;
    }
  }
  return null;
}

function planEdgeSums(context: PlanContext, intent: EdgeSumsIntent): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const found = edgeTableOf(schema, intent.quantity, context.reading.question, {
    weightFallback: intent.measuresWeight && context.graph.description.weighted === true,
  });
  if (!found) {
    // "Which district serves the most households?": a number the nodes hold, not their links.
    const held = planNodePropertyTotals(context);
    return held.kind === "declined" ? missingQuantity(context, schema, intent.quantity) : held;
  }
  // An undirected link's ends are interchangeable: the kinds at either end are at both.
  const edges = context.graph.description.directed === true ? found : bothWays(found);
  if (intent.counted && !namesLinkProperty(intent.counted, edges.property)) {
    return { kind: "declined" };
  }
  const question = context.reading.question;
  // "Which co-performer was allocated the most fee?": the partner at the link rows' far end,
  // named by a "co-" noun rather than its type, which the aggregate grammar reads.
  if (/\bco-\w+/i.test(question)) return { kind: "declined" };
  // "Which ward's doctors report the most visits": a type beyond the link's ends is reached by
  // a join, which the aggregate grammar plans.
  const endTypes = [...edges.fromTypes, ...edges.toTypes];
  if (namedNodeTypes(question, schema).some((type) => !endTypes.includes(type))) {
    return { kind: "declined" };
  }
  // An undirected graph has no sender: "sent by X" is every link of X.
  const directed = context.graph.description.directed === true;
  // "Which project has the most hours": on a link between two kinds of node, the kind asked
  // about is the end credited, whatever the verb.
  const askedType = namedNodeTypes(question, schema)[0];
  const end =
    edges.from !== edges.to && askedType
      ? askedType === edges.from
        ? "source"
        : "target"
      : directed
        ? isPriceProperty(edges.property)
          ? endOfPrice(question, intent.end)
          : intent.end
        : "either";
  const endType = end === "target" ? edges.to : edges.from;
  const endKinds = end === "target" ? edges.toTypes : edges.fromTypes;
  const nodeTable =
    endKinds.length === 1 ? nodeTableOf(schema, endType) : endNodesTable(schema, endKinds);
  // "accounts in Japan", "the Blue line": a word that is a property value is a filter, not a node.
  const linkFilters = edgeValueFilters(question, edges);
  const isValue =
    intent.node !== null &&
    (mentionIsValue(intent.node, schema) ||
      // "三级（tier 3）银行": a numeric property's name beside its figure is a condition.
      readPropertyConditions({ question, schema }).some(
        (value) => value.condition.property.toLowerCase() === intent.node?.trim().toLowerCase(),
      ) ||
      linkFilters.some((filter) => filter.value.toLowerCase() === intent.node?.toLowerCase()));
  const node = isValue ? null : intent.node;
  const linkGroup = node ? null : edgeGroupOf(question, edges);
  const linkWhere =
    linkFilters.length > 0
      ? ` WHERE ${linkFilters.map((filter) => `e.${quoteIdentifier(filter.property)} = ${quoteLiteral(filter.value)}`).join(" AND ")}`
      : "";
  const ends = end === "either" ? ["source", "target"] : [end];
  const from = (columns: string) =>
    ends
      .map(
        (column) =>
          `SELECT e.${quoteIdentifier(column)} AS node_id, e.${quoteIdentifier(edges.column)} AS amount${columns} FROM ${quoteIdentifier(edges.table)} e${linkWhere}`,
      )
      .join(" UNION ALL ");
  if (linkGroup || (linkFilters.length > 0 && !node)) {
    return planLinkTotals({
      context,
      edges,
      ascending: intent.ascending,
      linkGroup,
      linkFilters,
    });
  }
  if (node) {
    const named = resolveNodeNames({ context, names: [node] });
    if (named.kind === "pending") return { kind: "pending", calls: named.calls };
    if (named.kind === "problem") return { kind: "declined" };
    const [subject] = named.nodes;
    if (subject.type && !endTypes.includes(subject.type)) return { kind: "declined" };
    const sql = `SELECT ${intent.statistic}(amount) AS ${intent.statistic === "avg" ? "average" : "total"}, count(*) AS links FROM (${from("")}) s WHERE s.node_id = ${quoteLiteral(subject.id)}`;
    return planQuery({
      context,
      sql,
      limit: 1,
      write: (data, part) => {
        const total = Number(data.rows[0]?.[0] ?? 0);
        const links = Number(data.rows[0]?.[1] ?? 0);
        const way = {
          source: ["sent", "转出"],
          target: ["received", "收到"],
          either: ["has", "共有"],
        }[end];
        part.summary.push(
          inLanguage(context, {
            en:
              intent.statistic === "avg"
                ? `${nodeName(subject)}'s links carry ${formatFigure(total)} ${edges.property} on average (over ${links} links).`
                : `${nodeName(subject)} ${way[0]} ${formatFigure(total)} ${edges.property} in total (the sum of ${edges.property} over ${links} links).`,
            zh:
              intent.statistic === "avg"
                ? `${nodeName(subject)} 的边的 ${edges.property} 平均为 ${formatFigure(total)}（共 ${links} 条边）。`
                : `${nodeName(subject)} ${way[1]}的 ${edges.property} 总计 ${formatFigure(total)}（${links} 条边的 ${edges.property} 之和）。`,
          }),
        );
        part.focusNodeIds = [subject.id];
      },
    });
  }
  // A dump's totals without a named node are the aggregate grammar's, which follows its joins.
  // A trail map's segments, whose ends are of every kind, are not a dump's joins.
  const everyKind = schema.node_types.every((type) => endTypes.includes(type.name));
  if (schema.node_types.length > 1 && !everyKind && !ranking.test(question)) {
    return { kind: "declined" };
  }
  const group = nodeTable ? groupProperty(question, schema, endKinds) : null;
  // "Which tier earned the most - elite, established or academy?": the values of the property
  // grouped by are the choices, not a filter.
  const filters = distinctConditions(
    namedValues({ question, schema }).filter(
      (value) => endKinds.includes(value.nodeType) && value.condition.property !== group,
    ),
  );
  // "其中…": the nodes an earlier answer listed, kept by id.
  const nodeSet = context.reading.nodeSet ?? [];
  // "Leaving out the core exchanges": a kind of end node left out of the ranking.
  const leftOutKinds =
    endKinds.length > 1
      ? excludedPhrases(question)
          .flatMap((phrase) => namedNodeTypes(phrase, schema))
          .filter((type) => endKinds.includes(type))
      : [];
  // "the tier 3 banks", "三级（tier 3）银行": a figure on a numeric property of the ends.
  const figures = distinctConditions(
    readPropertyConditions({ question, schema }).filter(
      (value) => endKinds.includes(value.nodeType) && typeof value.condition.value === "number",
    ),
  );
  const where = [
    ...figures.map(
      (value) =>
        `n.${quoteIdentifier(value.condition.property)} ${comparison[value.condition.op] ?? "="} ${Number(value.condition.value)}`,
    ),
    ...(leftOutKinds.length > 0
      ? [`n.node_type NOT IN (${leftOutKinds.map(quoteLiteral).join(", ")})`]
      : []),
    ...filters.map(
      (value) =>
        `n.${quoteIdentifier(value.condition.property)} = ${quoteLiteral(String(value.condition.value))}`,
    ),
    ...(nodeSet.length > 0
      ? [`n.id IN (${nodeSet.slice(0, 1000).map(quoteLiteral).join(", ")})`]
      : []),
  ].join(" AND ");
  // A total over every link counts each once, whichever end it would be credited to.
  if (
    !group &&
    filters.length === 0 &&
    nodeSet.length === 0 &&
    !ranking.test(question) &&
    end === "either"
  ) {
    ends.splice(1);
  }
  const joined = nodeTable
    ? `FROM (${from("")}) s JOIN ${endKinds.length === 1 ? quoteIdentifier(nodeTable) : nodeTable} n ON n.id = s.node_id${where ? ` WHERE ${where}` : ""}`
    : `FROM (${from("")}) s`;
  const order = intent.ascending ? "ASC" : "DESC";
  const wantsRanking = ranking.test(question);
  const sql = group
    ? `SELECT n.${quoteIdentifier(group)} AS grp, ${intent.statistic}(s.amount) AS total ${joined} GROUP BY 1 ORDER BY total ${order}, grp`
    : wantsRanking
      ? `SELECT s.node_id AS node, ${nodeTable ? "n.label" : "s.node_id"} AS node_label, ${intent.statistic}(s.amount) AS total ${joined} GROUP BY 1, 2 ORDER BY total ${order}, s.node_id`
      : `SELECT ${intent.statistic}(s.amount) AS ${intent.statistic === "avg" ? "average" : "total"}, count(*) AS links ${joined}`;
  const scope = [...filters, ...figures]
    .map((value) => `${value.condition.property} = ${String(value.condition.value)}`)
    .join(", ");
  return planQuery({
    context,
    sql,
    limit: 50,
    write: (data, part) => {
      // "除了 China 以外": the ranking skips the excluded nodes (a note says so).
      const excluded = context.reading.excluded ?? [];
      const rows =
        wantsRanking && !group
          ? data.rows.filter((row) => !isExcluded(excluded, row[0], row[1]))
          : data.rows;
      const first = rows[0];
      const verb = {
        source: ["sends", "转出"],
        target: ["receives", "收到"],
        either: ["has", "共有"],
      }[end];
      const most = intent.ascending ? ["the least", "最少"] : ["the most", "最多"];
      if (!first) {
        part.summary.push(
          inLanguage(context, {
            en: "No link matches the question's filters, so nothing is summed.",
            zh: "没有边符合问题中的筛选条件，因此没有可加总的值。",
          }),
        );
        return;
      }
      if (group) {
        part.summary.push(
          inLanguage(context, {
            en: `${String(first[0])} ${verb[0]} ${most[0]} ${edges.property} (${formatFigure(Number(first[1]))} in total).`,
            zh: `${String(first[0])} ${verb[1]}的 ${edges.property} ${most[1]}（合计 ${formatFigure(Number(first[1]))}）。`,
          }),
        );
      } else if (wantsRanking) {
        const node = { id: String(first[0]), label: String(first[1]) };
        part.summary.push(
          inLanguage(context, {
            en: `${nodeName(node)} ${verb[0]} ${most[0]} ${edges.property}${scope ? ` among nodes with ${scope}` : ""} (${formatFigure(Number(first[2]))} in total).`,
            zh: `${nodeName(node)} ${verb[1]}的 ${edges.property} ${most[1]}${scope ? `（范围：${scope}）` : ""}（合计 ${formatFigure(Number(first[2]))}）。`,
          }),
        );
        part.focusNodeIds = rows.slice(0, 10).map((row) => String(row[0]));
      } else {
        part.summary.push(
          inLanguage(context, {
            en: `The ${intent.statistic === "avg" ? "average" : "total"} ${edges.property}${scope ? ` ${end === "target" ? "received by" : end === "source" ? "sent by" : "of"} nodes with ${scope}` : ""} is ${formatFigure(Number(first[0]))} (over ${Number(first[1])} links).`,
            zh: `${scope ? `${scope} 的节点${end === "target" ? "收到" : end === "source" ? "转出" : ""}的` : ""}${edges.property} ${intent.statistic === "avg" ? "平均为" : "总计"} ${formatFigure(Number(first[0]))}（共 ${Number(first[1])} 条边）。`,
          }),
        );
      }
      if (data.rows.length > 1) {
        part.sections.push({
          heading: inLanguage(context, {
            en: `${edges.property} summed`,
            zh: `${edges.property} 合计`,
          }),
          blocks: [
            {
              kind: "table",
              columns: data.columns,
              rows: data.rows
                .slice(0, 20)
                .map((row) => row.map((cell) => (cell === null ? "" : String(cell)))),
            },
          ],
        });
      }
    },
  });
}

export const edgeSumsFamily = defineFamily<EdgeSumsIntent>({
  kind: "edge-sums",
  read: readEdgeSums,
  plan: planEdgeSums,
  title: { en: "Sums over links", zh: "按边加总" },
});
