import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { chinesePropertyWords } from "../aggregate/property-words";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { namedValues } from "../reading/question-scope";
import { mentionIsValue } from "../reading/value-mention";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import type { Declined } from "./define-family";
import { endNodesTable } from "./link-ends";
import { wordForms } from "./node-conditions";
import { readQuestionText } from "./question-text";

const totalWords =
  /\b(?:total|sum|combined|altogether|in all|add(?:ed)? up)\b|总数|总和|总计|合计|一共|总共|加起来/i;
const ascendingWords = /\b(?:least|fewest|lowest|smallest)\b|最少|最低/i;
// What links carry, paths and structure belong to other families.
const otherWords =
  /\b(?:links?|edges?|paths?|routes?|degree|connections?|neighbou?rs?|hops?|flows?)\b|边|路径|连接|邻居|度/i;

// Chinese nouns for counts of people a node serves, beside the lexicon of the aggregate grammar.
const chineseHeadcountWords: Record<string, string[]> = {
  住户: ["households", "household", "homes"],
  户数: ["households", "household", "homes"],
  家庭: ["households", "household", "families"],
  人口: ["population", "inhabitants", "residents"],
  居民: ["residents", "population", "inhabitants"],
  员工: ["staff", "employees", "headcount"],
  乘客: ["passengers", "riders", "ridership"],
  客流: ["ridership", "passengers", "riders"],
};

type NodeKind = GraphSchemaView["node_types"][number];

/** The numeric node property the question names, by its own name or a Chinese word for it. */
function summedProperty(question: string, schema: GraphSchemaView): string | null {
  const chinese = Object.entries({ ...chinesePropertyWords, ...chineseHeadcountWords })
    .filter(([word]) => question.includes(word))
    .flatMap(([, names]) => names);
  for (const type of schema.node_types) {
    for (const property of type.properties) {
      if (property.kind !== "number") continue;
      const name = property.name.toLowerCase();
      if (new RegExp(`\\b${wordForms(name)}\\b`, "i").test(question) || chinese.includes(name)) {
        return property.name;
      }
    }
  }
  return null;
}

/** The text property named after "which", "each", "per" or "by" (or "哪个区"): the groups. */
function groupProperty(question: string, kinds: NodeKind[]): string | null {
  const properties = kinds[0]?.properties.filter((property) => property.kind === "text") ?? [];
  for (const property of properties) {
    const english = new RegExp(
      `\\b(?:which|what|each|per|by|every)\\s+${wordForms(property.name)}\\b`,
      "i",
    );
    const chinese = Object.entries(chinesePropertyWords)
      .filter(([, names]) => names.includes(property.name.toLowerCase()))
      .some(([word]) => new RegExp(`(?:哪个|哪一个|每个|各)${word}`).test(question));
    if (english.test(question) || chinese) return property.name;
  }
  return null;
}

function holds(kind: NodeKind, property: string): boolean {
  return kind.properties.some((entry) => entry.name === property);
}

/**
 * "What is the total number of households in the Colvern district?", "Which district serves
 * the most households?", "Colvern 区的住户总数是多少？": a number every node holds (households,
 * population, staff) summed over the nodes a value describes, or per group of a text property
 * and ranked — over every kind of node that holds both, however many kinds the graph has. Tried
 * by the plans that read such a question first (a sum of what links carry, a count of the
 * nodes a value describes) before they decline; `declined` when no numeric node property is
 * named.
 */
export function planNodePropertyTotals(context: PlanContext): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  if (otherWords.test(question)) return { kind: "declined" };
  const summed = summedProperty(question, schema);
  // A number the links carry under the same name is summed by the families of links.
  if (!summed || schema.edge_types.some((type) => type.properties.some((p) => p.name === summed))) {
    return { kind: "declined" };
  }
  // A name that is no value ("Kilnford's households") is one node's property, not a total.
  const mentions = readQuestionText(question).nodeMentions;
  if (mentions.some((mention) => !mentionIsValue(mention, schema))) return { kind: "declined" };
  const kinds = schema.node_types.filter((kind) => holds(kind, summed));
  const values = namedValues({ question, schema }).filter((value) =>
    kinds.every((kind) => holds(kind, value.condition.property)),
  );
  const group = values.length === 0 ? groupProperty(question, kinds) : null;
  if (!group && (values.length === 0 || !totalWords.test(question))) return { kind: "declined" };
  if (group && !kinds.every((kind) => holds(kind, group))) return { kind: "declined" };
  const table = endNodesTable(
    schema,
    kinds.map((kind) => kind.name),
  );
  if (!table) return { kind: "declined" };
  const column = quoteIdentifier(summed);
  if (group) {
    const ascending = ascendingWords.test(question);
    return planGroupTotals({ context, table, column, summed, group, ascending });
  }
  const conditions = values.map((value) => ({
    property: value.condition.property,
    value: String(value.condition.value),
  }));
  const where = conditions
    .map(
      (condition) => `n.${quoteIdentifier(condition.property)} = ${quoteLiteral(condition.value)}`,
    )
    .join(" AND ");
  const scope = conditions
    .map((condition) => `${condition.property} = ${condition.value}`)
    .join(", ");
  return planQuery({
    context,
    sql: `SELECT sum(n.${column}) AS total, count(*) AS nodes FROM ${table} n WHERE ${where}`,
    limit: 1,
    write: (data, part) => {
      const total = formatFigure(Number(data.rows[0]?.[0] ?? 0));
      const nodes = Number(data.rows[0]?.[1] ?? 0);
      part.summary.push(
        inLanguage(context, {
          en: `The nodes with ${scope} have ${total} ${summed} in total (${nodes} nodes).`,
          zh: `${scope} 的节点的 ${summed} 总计 ${total}（共 ${nodes} 个节点）。`,
        }),
      );
    },
  });
}

function planGroupTotals(input: {
  context: PlanContext;
  table: string;
  column: string;
  summed: string;
  group: string;
  ascending: boolean;
}): PlanOutcome {
  const { context, table, column, summed, group, ascending } = input;
  const key = quoteIdentifier(group);
  const order = ascending ? "ASC" : "DESC";
  return planQuery({
    context,
    sql: `SELECT n.${key} AS ${quoteIdentifier(group)}, sum(n.${column}) AS total, count(*) AS nodes FROM ${table} n WHERE n.${key} IS NOT NULL GROUP BY n.${key} ORDER BY total ${order}, n.${key}`,
    limit: 100,
    write: (data, part) => {
      const [first] = data.rows;
      if (!first) return;
      const figure = formatFigure(Number(first[1] ?? 0));
      part.summary.push(
        inLanguage(context, {
          en: `${String(first[0])} has the ${ascending ? "fewest" : "most"} ${summed} (${figure} in total over ${String(first[2])} nodes).`,
          zh: `${summed} 总数${ascending ? "最少" : "最多"}的 ${group} 是 ${String(first[0])}（共 ${figure}，${String(first[2])} 个节点）。`,
        }),
      );
    },
  });
}
