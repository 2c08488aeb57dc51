import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { chinesePropertyWords } from "../aggregate/property-words";
import { namedEdgeProperty } from "../planning/named-edge-property";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { namedValues } from "../reading/question-scope";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { type Declined, defineFamily } from "./define-family";
import { quantityWordOf } from "./link-quantity";
import { edgeTableOf } from "./link-table";
import { planGroupBoundary } from "./links-leaving-group";
import { wordForms } from "./node-conditions";
import type { QuestionText } from "./question-text";

/**
 * "How many transfers stay within the same country?", "How many lines run between two different
 * regions?", "两端都在 North 区域的线路，总容量是多少 MW？", "Which line is the only connection
 * between the South region and the rest of the grid?": the links whose two ends share a property
 * value (or one named value), or do not; counted, or summed by a quantity they carry.
 */
export type LinksBetweenGroupsIntent = {
  kind: "links-between-groups";
  asked: "within" | "between" | "boundary";
  /** "总容量", "the total amount": the property names summed instead of counting links. */
  quantity: string[] | null;
  measuresWeight: boolean;
  /** "the total toll": a sum, of a link property the plan finds by its name. */
  total: boolean;
};

const withinWords = /\b(?:within|inside|same|internal)\b|同一|相同|内部/i;
// "both ends in North", "收款方和付款方都在日本": one named value at either end.
const bothEndsWords = /\bboth\b|两端都|两头都|都在|都属于|都位于|都来自/i;
const betweenWords =
  /\b(?:between different|different|across|cross[- ]?\w*|other)\b|跨|不同|不在同一/i;
// "between the South region and the rest of the grid": the links leaving one group.
const boundaryWords =
  /\bthe rest\b|\beverything else\b|\bthe others\b|\boutside (?:of )?(?:it|the)\b|其余|其他部分|外部/i;
// What links are called, in networks of people, money, trade and infrastructure.
const linkWords =
  /\b(?:links?|edges?|connections?|transfers?|ties|relationships?|flights?|routes?|payments?|emails?|messages?|lines?|sections?|segments?|trades?|trading|roads?|streets?|pipes?|pipelines?|cables?|wires?|tracks?|rails?|shipments?|trips?|calls?)\b|边|连接|转账|联系|线路|区间|贸易|往来|道路|公路|管道|线缆|电缆|航线|航班|铁路|轨道|路段/i;
const countWords =
  /\bhow many\b|\bnumber of\b|\bshare\b|\bproportion\b|\bpercent|\btotal\b|\bsum\b|多少|几条|几个|占比|比例|总|合计/i;
const listWords = /\bwhich\b|\bwhat\b|哪/i;
const totalWords = /\btotal\b|\bsum\b|\bcombined\b|总|合计/i;
const countsLinks =
  /多少条|几条|\bhow many (?!MW\b|km\b|hours\b|minutes\b|tonnes\b)\w+|\bnumber of\b/i;

function readLinksBetweenGroups({ text, nodeMentions }: QuestionText) {
  if (!linkWords.test(text)) return null;
  const boundary =
    boundaryWords.test(text) && /\bbetween\b|之间/i.test(text) && listWords.test(text);
  if (!boundary && !countWords.test(text)) return null;
  const both = bothEndsWords.test(text);
  // A named value ("North", "日本") is read at plan time; other names are nodes.
  if (nodeMentions.length > 0 && !boundary && !both) return null;
  const between = betweenWords.test(text);
  if (!boundary && !between && !both && !withinWords.test(text)) return null;
  // "有多少条转账是跨国的" counts links; "总金额", "the total capacity" sums what they carry.
  const sums = totalWords.test(text) && !countsLinks.test(text);
  const quantity = boundary || !sums ? null : quantityWordOf(text);
  return [
    {
      kind: "links-between-groups" as const,
      asked: boundary
        ? ("boundary" as const)
        : between && !both
          ? ("between" as const)
          : ("within" as const),
      quantity: quantity?.names ?? null,
      measuresWeight: quantity?.measuresWeight ?? false,
      total: sums,
    },
  ];
}

/** A node property named by its word ("region", "country", "地区", "区域"). */
function namedProperty(question: string, properties: { name: string }[]) {
  return properties.find((candidate) => {
    const chinese = Object.entries(chinesePropertyWords)
      .filter(([, names]) => names.includes(candidate.name.toLowerCase()))
      .map(([word]) => word);
    return (
      new RegExp(`\\b${wordForms(candidate.name)}\\b`, "i").test(question) ||
      chinese.some((word) => question.includes(word)) ||
      (candidate.name.toLowerCase() === "country" && /跨国|国家/.test(question))
    );
  });
}

/**
 * The node property the question groups by ("country", "line"), on a one-type link, and the
 * one value it names when it names one ("both ends in North").
 */
function groupOf(question: string, schema: GraphSchemaView) {
  for (const type of schema.edge_types) {
    if (type.from.length !== 1 || type.to.length !== 1 || type.from[0] !== type.to[0]) continue;
    const nodeType = type.from[0];
    const properties = schema.node_types.find((node) => node.name === nodeType)?.properties ?? [];
    const values = namedValues({ question, schema }).filter((value) => value.nodeType === nodeType);
    const value = values.length === 1 ? values[0].condition : null;
    const property = value
      ? properties.find((candidate) => candidate.name === value.property)
      : namedProperty(question, properties);
    const edgeTable = schema.query_tables.find(
      (table) => table.kind === "edge-type" && (table.type ?? table.name) === type.name,
    );
    const nodeTable = schema.query_tables.find(
      (table) => table.kind === "node-type" && table.name === nodeType,
    );
    if (property && edgeTable && nodeTable) {
      return {
        property: property.name,
        value: value ? String(value.value) : null,
        edges: edgeTable.name,
        nodes: nodeTable.name,
      };
    }
  }
  return null;
}

/** The summed column, when a quantity is asked and the group's link table carries it. */
function summedColumn(
  context: PlanContext,
  schema: GraphSchemaView,
  intent: LinksBetweenGroupsIntent,
  edgesTable: string,
): { column: string; property: string } | "missing" | null {
  const question = context.reading.question;
  // "the total toll of the roads within North": a link property named by its own name.
  const named = intent.total ? namedEdgeProperty({ question, schema, graphWeighted: false }) : null;
  const quantity = intent.quantity ?? (named ? [named.toLowerCase()] : null);
  if (!quantity) return null;
  const edges = edgeTableOf(schema, quantity, question, {
    weightFallback: intent.measuresWeight && context.graph.description.weighted === true,
  });
  return edges && edges.table === edgesTable
    ? { column: edges.column, property: edges.property }
    : "missing";
}

/** One query counts (or sums) the links within and between the groups; the lead answers it. */
function planLinksBetweenGroups(
  context: PlanContext,
  intent: LinksBetweenGroupsIntent,
): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const group = groupOf(context.reading.question, schemaStep.schema);
  if (!group) return { kind: "declined" };
  if (intent.asked === "boundary") {
    return group.value
      ? planGroupBoundary({ context, group: { ...group, value: group.value } })
      : { kind: "declined" };
  }
  const summed = summedColumn(context, schemaStep.schema, intent, group.edges);
  if (summed === "missing") return { kind: "declined" };
  const property = quoteIdentifier(group.property);
  const same = group.value
    ? `a.${property} = ${quoteLiteral(group.value)} AND b.${property} = ${quoteLiteral(group.value)}`
    : `a.${property} = b.${property}`;
  const measure = summed ? `sum(e.${quoteIdentifier(summed.column)})` : "count(*)";
  const sql = [
    `SELECT coalesce(${measure} FILTER (WHERE ${same}), 0) AS within_groups,`,
    `coalesce(${measure} FILTER (WHERE NOT (${same})), 0) AS between_groups, ${measure} AS links`,
    `FROM ${quoteIdentifier(group.edges)} e`,
    `JOIN ${quoteIdentifier(group.nodes)} a ON a.id = e.source`,
    `JOIN ${quoteIdentifier(group.nodes)} b ON b.id = e.target`,
  ].join("\n");
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const within = Number(data.rows[0]?.[0] ?? 0);
      const between = Number(data.rows[0]?.[1] ?? 0);
      const links = Number(data.rows[0]?.[2] ?? 0);
      part.summary.push(
        summed
          ? sumLead(context, { ...group, asked: intent.asked, summed, within, between, links })
          : countLead(context, { ...group, asked: intent.asked, within, between, links }),
      );
    },
  });
}

type Tally = {
  within: number;
  between: number;
  links: number;
  asked: LinksBetweenGroupsIntent["asked"];
};

function countLead(
  context: PlanContext,
  input: Tally & { property: string; value: string | null },
): string {
  const { within, between, links, property: name, value } = input;
  if (value) {
    return inLanguage(context, {
      en: `${within} of the ${links} links have both ends with ${name} = ${value}.`,
      zh: `${links} 条边中有 ${within} 条两端的 ${name} 都是 ${value}。`,
    });
  }
  return input.asked === "between"
    ? inLanguage(context, {
        en: `${between} of the ${links} links join nodes of different ${name} (${within} stay within the same ${name}).`,
        zh: `${links} 条边中有 ${between} 条连接不同 ${name} 的节点（${within} 条在同一 ${name} 内）。`,
      })
    : inLanguage(context, {
        en: `${within} of the ${links} links stay within the same ${name} (${between} join different ${name}).`,
        zh: `${links} 条边中有 ${within} 条在同一 ${name} 内（${between} 条连接不同 ${name}）。`,
      });
}

function sumLead(
  context: PlanContext,
  input: Tally & { property: string; value: string | null; summed: { property: string } },
): string {
  const { within, between, links, property: name, value, summed } = input;
  const figure = formatFigure(input.asked === "between" ? between : within);
  const scope = value
    ? { en: `with both ends at ${name} = ${value}`, zh: `两端 ${name} 都是 ${value} 的边` }
    : input.asked === "between"
      ? { en: `joining different ${name}`, zh: `连接不同 ${name} 的边` }
      : { en: `within the same ${name}`, zh: `同一 ${name} 内的边` };
  return inLanguage(context, {
    en: `The links ${scope.en} carry ${figure} ${summed.property} in total (of ${formatFigure(links)} over all links).`,
    zh: `${scope.zh}的 ${summed.property} 总计 ${figure}（全部边合计 ${formatFigure(links)}）。`,
  });
}

export const linksBetweenGroupsFamily = defineFamily<LinksBetweenGroupsIntent>({
  kind: "links-between-groups",
  read: readLinksBetweenGroups,
  plan: planLinksBetweenGroups,
  title: { en: "Links within and between groups", zh: "组内与组间的边" },
});
