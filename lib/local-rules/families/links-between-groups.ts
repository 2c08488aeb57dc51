import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { chinesePropertyWords } from "../aggregate/property-words";
import { namedEdgeProperty } from "../planning/named-edge-property";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { namedNodeTypes, namedValues } from "../reading/question-scope";
import { mentionIsValue } from "../reading/value-mention";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { type Declined, defineFamily } from "./define-family";
import { endNodesTable, sameKindsAtBothEnds } from "./link-ends";
import { mayNameLinkProperty, quantityWordOf } from "./link-quantity";
import { edgeTableOf } from "./link-table";
import { planLinksFromGroupToGroup } from "./links-from-group-to-group";
import { planGroupBoundary, planTouchingGroup } from "./links-leaving-group";
import { planGroupsByTheirLinks } from "./links-within-groups";
import { wordForms } from "./node-conditions";
import { type QuestionText, readQuestionText } from "./question-text";

/**
 * "How many transfers stay within the same country?", "How many lines run between two different
 * regions?", "两端都在 North 区域的线路，总容量是多少 MW？", "Which line is the only connection
 * between the South region and the rest of the grid?": the links whose two ends share a property
 * value (or one named value), or do not; counted, or summed by a quantity they carry.
 */
export type LinksBetweenGroupsIntent = {
  kind: "links-between-groups";
  asked: "within" | "between" | "boundary" | "touching" | "from-to";
  /** "总容量", "the total amount": the property names summed instead of counting links. */
  quantity: string[] | null;
  measuresWeight: boolean;
  /** "the total toll": a sum, of a link property the plan finds by its name. */
  total: boolean;
  /** "Which valley has the most km of trail inside it?": the groups ranked by their own links. */
  ranked?: boolean;
};

const withinWords = /\b(?:within|inside|same|internal)\b|同一|相同|内部/i;
// "both ends in North", "收款方和付款方都在日本": one named value at either end.
const bothEndsWords =
  /\bboth\b|\b(?:entirely|wholly|completely|fully)\s+(?:inside|within)\b|两端都|两头都|都在|都属于|都位于|都来自|完全(?:在|位于)/i;
const touchWords =
  /\btouch(?:es|ing)?\b|\bat least one\b|\beither end\b|\bone of (?:its|their) ends\b|\bincident to\b|至少一端|至少有一端|任一端|任意一端|其中一端/i;
const betweenWords =
  /\b(?:between different|different|across|cross[- ]?\w*|other)\b|跨|不同|不在同一/i;
// "between the South region and the rest of the grid": the links leaving one group.
const boundaryWords =
  /\bthe rest\b|\beverything else\b|\bthe others\b|\boutside (?:of )?(?:it|the)\b|其余|其他部分|外部/i;
// What links are called, in networks of people, money, trade and infrastructure.
export const linkWords =
  /\b(?:links?|edges?|connections?|transfers?|ties|relationships?|flights?|routes?|payments?|emails?|messages?|lines?|sections?|segments?|trades?|trading|roads?|streets?|pipes?|pipelines?|cables?|wires?|tracks?|rails?|shipments?|trips?|calls?|lanes?|trails?|legs?|voyages?)\b|边|连接|转账|联系|线路|区间|贸易|往来|道路|公路|管道|线缆|电缆|航线|航班|铁路|轨道|路段|步道|小径|山路|通道/i;
const countWords =
  /\bhow many\b|\bnumber of\b|\bshare\b|\bproportion\b|\bpercent|\btotal\b|\bsum\b|\bcombined\b|\bhow much\b|多少|几条|几个|几段|占比|比例|总|合计|加起来/i;
const listWords = /\bwhich\b|\bwhat\b|哪/i;
const rankWords =
  /\b(?:most|least|highest|lowest|largest|smallest|fewest)\b|最多|最少|最高|最低|最大|最小|最长/i;
const totalWords = /\btotal\b|\bsum\b|\bcombined\b|总|合计/i;
// "How many km of cable …": units of what the links carry are summed, not counted.
const unitsCounted = /\bhow many (?:km|kilomet\w*|miles|hours|minutes|tonnes|MW)\b/i;
const countsLinks =
  /多少条|几条|几段|\bhow many (?!MW\b|km\b|hours\b|minutes\b|tonnes\b)\w+|\bnumber of\b/i;

function readLinksBetweenGroups({ text, nodeMentions }: QuestionText) {
  const fromTo = readFromGroupToGroup(text);
  if (fromTo) return fromTo;
  if (!linkWords.test(text)) return null;
  const boundary =
    boundaryWords.test(text) && /\bbetween\b|之间/i.test(text) && listWords.test(text);
  // "Which valley has the most km of trail inside it": the groups ranked, not one figure.
  const ranked = !boundary && listWords.test(text) && rankWords.test(text);
  if (!boundary && !ranked && !countWords.test(text)) return null;
  const both = bothEndsWords.test(text);
  // "segments that touch at least one hut": one end is enough.
  const touching = !both && touchWords.test(text);
  // A named value ("North", "日本") is read at plan time; other names are nodes.
  if (nodeMentions.length > 0 && !boundary && !both && !touching) return null;
  const between = betweenWords.test(text);
  if (!boundary && !between && !both && !touching && !withinWords.test(text)) return null;
  // "有多少条转账是跨国的" counts links; "总金额", "the total capacity" sums what they carry.
  // "How many containers travel on lanes …": a link property named by its own name is summed
  // when the schema has it (the plan looks), and the links are counted otherwise.
  const sums =
    (totalWords.test(text) && !countsLinks.test(text)) ||
    unitsCounted.test(text) ||
    mayNameLinkProperty(text);
  const quantity = boundary || !(sums || ranked) ? null : quantityWordOf(text);
  return [
    {
      kind: "links-between-groups" as const,
      asked: boundary
        ? ("boundary" as const)
        : touching
          ? ("touching" as const)
          : between && !both
            ? ("between" as const)
            : ("within" as const),
      quantity: quantity?.names ?? null,
      measuresWeight: quantity?.measuresWeight ?? false,
      total: sums || (ranked && quantity !== null),
      ...(ranked ? { ranked: true } : {}),
    },
  ];
}

// "from Asian ports to European ports", "从亚洲港口发往欧洲港口": groups (plural nouns, or a
// Chinese place word before a noun of places) at both ends of a walk along one link.
const fromGroupToGroup =
  /\bfrom\s+(?:\w+\s+){0,2}?\w+s\s+(?:\w+\s+){0,3}?(?:to|into|towards|bound for)\s+(?:\w+\s+){0,2}?\w+s\b|从[^，,。？?]{1,12}?(?:港口|港|城市|国家|机场|地区|站)[^，,。？?]{0,6}?(?:发往|运往|开往|送往|流向|到|至|往|去)[^，,。？?]{1,12}?(?:港口|港|城市|国家|机场|地区|站)/i;

/** "How many containers go from Asian ports to European ports?" (values read at plan time). */
function readFromGroupToGroup(text: string) {
  if (!fromGroupToGroup.test(text) || !countWords.test(text)) return null;
  const named = mayNameLinkProperty(text);
  const quantity = quantityWordOf(text);
  if (!named && !quantity && !linkWords.test(text)) return null;
  const sums = Boolean(quantity) || named || (totalWords.test(text) && !countsLinks.test(text));
  return [
    {
      kind: "links-between-groups" as const,
      asked: "from-to" as const,
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

type Group = {
  /** The column compared: a property, or `node_type` for a kind of node ("huts"). */
  property: string;
  value: string | null;
  edges: string;
  /** The end nodes' table as SQL (a name, or the union of the kinds the links join). */
  nodes: string;
};

/** A value every kind of end node lists ("valley = Birch" on villages and huts) counts once. */
function distinctValues(values: ReturnType<typeof namedValues>) {
  return values.filter(
    (value, index) =>
      values.findIndex(
        (other) =>
          other.condition.property === value.condition.property &&
          String(other.condition.value) === String(value.condition.value),
      ) === index,
  );
}

/**
 * The node property the question groups by ("country", "line"), on a link whose two ends are
 * of the same kinds, and the one value it names when it names one ("both ends in North"); a
 * kind of node named instead ("segments touching a hut") compares the ends' kinds.
 */
function groupOf(question: string, schema: GraphSchemaView, directed: boolean): Group | null {
  for (const type of schema.edge_types) {
    const kinds = sameKindsAtBothEnds(type, directed);
    if (!kinds) continue;
    const properties =
      schema.node_types.find((node) => kinds.includes(node.name))?.properties ?? [];
    const values = distinctValues(
      namedValues({ question, schema }).filter((value) => kinds.includes(value.nodeType)),
    );
    const value = values.length === 1 ? values[0].condition : null;
    const property = value
      ? properties.find((candidate) => candidate.name === value.property)
      : namedProperty(question, properties);
    const edgeTable = schema.query_tables.find(
      (table) => table.kind === "edge-type" && (table.type ?? table.name) === type.name,
    );
    const nodes = endNodesTable(schema, kinds);
    if (!edgeTable || !nodes) continue;
    if (property) {
      return {
        property: property.name,
        value: value ? String(value.value) : null,
        edges: edgeTable.name,
        nodes,
      };
    }
    const kind =
      kinds.length > 1
        ? namedNodeTypes(question, schema).filter((name) => kinds.includes(name))
        : [];
    if (kind.length === 1) {
      return { property: "node_type", value: kind[0], edges: edgeTable.name, nodes };
    }
  }
  return null;
}

/**
 * "The pipes touching Riverton Junction": a value ("Riverton") read out of a node's name leaves
 * the question to the families of one node.
 */
function valueInsideNodeName(question: string, schema: GraphSchemaView): boolean {
  return readQuestionText(question).nodeMentions.some(
    (mention) =>
      namedValues({ question: mention, schema }).length > 0 && !mentionIsValue(mention, schema),
  );
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
  if (intent.asked === "from-to") {
    const table =
      schemaStep.schema.edge_types.length === 1
        ? schemaStep.schema.query_tables.find((t) => t.kind === "edge-type")?.name
        : undefined;
    const summed = table ? summedColumn(context, schemaStep.schema, intent, table) : null;
    if (summed === "missing") return { kind: "declined" };
    return planLinksFromGroupToGroup({ context, schema: schemaStep.schema, summed });
  }
  const group = groupOf(
    context.reading.question,
    schemaStep.schema,
    context.graph.description.directed === true,
  );
  if (!group) return { kind: "declined" };
  if (group.value && valueInsideNodeName(context.reading.question, schemaStep.schema)) {
    return { kind: "declined" };
  }
  if (intent.asked === "boundary") {
    return group.value
      ? planGroupBoundary({ context, group: { ...group, value: group.value } })
      : { kind: "declined" };
  }
  const summed = summedColumn(context, schemaStep.schema, intent, group.edges);
  if (summed === "missing") return { kind: "declined" };
  if (intent.asked === "touching") {
    return group.value
      ? planTouchingGroup({ context, group: { ...group, value: group.value }, summed })
      : { kind: "declined" };
  }
  if (intent.ranked && !group.value && intent.asked === "within") {
    return planGroupsByTheirLinks({ context, group, summed });
  }
  const property = quoteIdentifier(group.property);
  const same = group.value
    ? `a.${property} = ${quoteLiteral(group.value)} AND b.${property} = ${quoteLiteral(group.value)}`
    : `a.${property} = b.${property}`;
  const measure = summed ? `sum(e.${quoteIdentifier(summed.column)})` : "count(*)";
  const sql = [
    `SELECT coalesce(${measure} FILTER (WHERE ${same}), 0) AS within_groups,`,
    `coalesce(${measure} FILTER (WHERE NOT (${same})), 0) AS between_groups, ${measure} AS links`,
    `FROM ${quoteIdentifier(group.edges)} e`,
    `JOIN ${group.nodes} a ON a.id = e.source`,
    `JOIN ${group.nodes} b ON b.id = e.target`,
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
