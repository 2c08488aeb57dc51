import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { inLanguage } from "../writing/answer-language";
import { type Declined, defineFamily } from "./define-family";
import { wordForms } from "./node-conditions";
import type { QuestionText } from "./question-text";

/**
 * "How many transfers stay within the same country?", "How many links join different lines?",
 * "有多少条转账是跨国的？": the links whose two ends share a property value, or do not.
 */
export type LinksBetweenGroupsIntent = {
  kind: "links-between-groups";
  asked: "within" | "between";
};

const withinWords = /\b(?:within|inside|same|internal)\b|同一|相同|内部/i;
const betweenWords =
  /\b(?:between different|different|across|cross[- ]?\w*|other)\b|跨|不同|不在同一/i;
const linkWords =
  /\b(?:links?|edges?|connections?|transfers?|ties|relationships?|flights?|routes?|payments?|emails?|messages?)\b|边|连接|转账|联系|线路|区间/i;
const countWords =
  /\bhow many\b|\bnumber of\b|\bshare\b|\bproportion\b|\bpercent|多少|几条|几个|占比|比例/i;

function readLinksBetweenGroups({ text, nodeMentions }: QuestionText) {
  if (nodeMentions.length > 0 || !linkWords.test(text) || !countWords.test(text)) return null;
  const between = betweenWords.test(text);
  if (!between && !withinWords.test(text)) return null;
  return [
    {
      kind: "links-between-groups" as const,
      asked: between ? ("between" as const) : ("within" as const),
    },
  ];
}

/** The node property the question groups by ("country", "line"), on a one-type link. */
function groupOf(question: string, schema: GraphSchemaView) {
  for (const type of schema.edge_types) {
    if (type.from.length !== 1 || type.to.length !== 1 || type.from[0] !== type.to[0]) continue;
    const nodeType = type.from[0];
    const properties = schema.node_types.find((node) => node.name === nodeType)?.properties ?? [];
    const property = properties.find((candidate) => {
      return (
        new RegExp(`\\b${wordForms(candidate.name)}\\b`, "i").test(question) ||
        (candidate.name.toLowerCase() === "country" && /跨国|国家/.test(question))
      );
    });
    const edgeTable = schema.query_tables.find(
      (table) => table.kind === "edge-type" && table.type === type.name,
    );
    const nodeTable = schema.query_tables.find(
      (table) => table.kind === "node-type" && table.name === nodeType,
    );
    if (property && edgeTable && nodeTable) {
      return { property: property.name, edges: edgeTable.name, nodes: nodeTable.name };
    }
  }
  return null;
}

/** One query counts the links within and between the groups; the lead answers what was asked. */
function planLinksBetweenGroups(
  context: PlanContext,
  intent: LinksBetweenGroupsIntent,
): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const group = groupOf(context.reading.question, schemaStep.schema);
  if (!group) return { kind: "declined" };
  const property = quoteIdentifier(group.property);
  const sql = [
    `SELECT count(*) FILTER (WHERE a.${property} = b.${property}) AS within_groups,`,
    `count(*) FILTER (WHERE a.${property} <> b.${property}) AS between_groups, count(*) AS links`,
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
      const name = group.property;
      part.summary.push(
        intent.asked === "between"
          ? inLanguage(context, {
              en: `${between} of the ${links} links join nodes of different ${name} (${within} stay within the same ${name}).`,
              zh: `${links} 条边中有 ${between} 条连接不同 ${name} 的节点（${within} 条在同一 ${name} 内）。`,
            })
          : inLanguage(context, {
              en: `${within} of the ${links} links stay within the same ${name} (${between} join different ${name}).`,
              zh: `${links} 条边中有 ${within} 条在同一 ${name} 内（${between} 条连接不同 ${name}）。`,
            }),
      );
    },
  });
}

export const linksBetweenGroupsFamily = defineFamily<LinksBetweenGroupsIntent>({
  kind: "links-between-groups",
  read: readLinksBetweenGroups,
  plan: planLinksBetweenGroups,
  title: { en: "Links within and between groups", zh: "组内与组间的边" },
});
