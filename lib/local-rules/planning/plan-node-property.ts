import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { findPhrase } from "../aggregate/find-phrase";
import type { PropertyRef } from "../aggregate/mention";
import { findPropertyMentions } from "../aggregate/property-mentions";
import { type CatalogueTable, readQueryCatalogue } from "../aggregate/query-catalogue";
import { readGraphSchema } from "../reading/graph-schema";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";

// The shape of a lookup: a "what is" / "how many" question without a ranking, an aggregate or
// a graph measure (those keep the grammar's reading).
const lookupOpening =
  /^\s*(?:what(?:'s|\s+is|\s+are|\s+was|\s+were)|how\s+(?:many|much|old|big|large|long|tall|high)|tell me|give me|show me|(?:which|what)\s+\w+\s+(?:is|are|was|were|does|do|did))\b|是多少|多少|是什么/i;
const notALookup =
  /\b(?:most|least|highest|lowest|largest|smallest|top|fewest|degree|central|centrality|neighbou?rs?|connections?|connected|links?|edges?|friends?|hops?|paths?|triangles?|clustering|core number|k-core|eccentricity|community|communities|average|mean|sum|total|per|each|strength|weighted)\b|最|度|邻居|连接|路径|三角|聚类|社区|平均|总|强度/i;

/** Whether a question about one node has the shape of a property lookup. */
export function asksForNodeProperty(question: string): boolean {
  return lookupOpening.test(question) && !notALookup.test(question);
}

// Columns that name or identify a node: the answer already shows them.
const namingColumn = /^(?:id|label|name|title|property_id|.*_id)$/i;

/**
 * "How many stars does gateway-core have?", "What is the budget of the Economics department?":
 * a property of one named node, read with one query_graph query on its type's table. When the
 * question names no property of that node's type, it is another question about the node (its
 * degree, its neighbours) and `otherwise` answers it.
 */
export function planNodeProperty(input: {
  context: PlanContext;
  node: string;
  otherwise: () => PlanOutcome;
}): PlanOutcome {
  const { context, node, otherwise } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const named = resolveNodeNames({ context, names: [node] });
  if (named.kind === "pending") return { kind: "pending", calls: named.calls };
  if (named.kind === "problem") return otherwise();
  const [subject] = named.nodes;
  const catalogue = readQueryCatalogue({ schema: schemaStep.schema });
  const nodeTables = catalogue.tables.filter((table) => table.kind === "node");
  const table: CatalogueTable | undefined = subject.type
    ? catalogue.byKey.get(`node:${subject.type}`)
    : nodeTables.length === 1
      ? nodeTables[0]
      : undefined;
  if (!table) return otherwise();
  const question = context.reading.question;
  // The node's own name may hold a property's word ("gateway-core" is not about cores).
  const nameSpans = findPhrase({ text: question, phrase: node });
  const columns = new Map<string, PropertyRef>();
  for (const mention of findPropertyMentions({ question, catalogue })) {
    if (mention.kind !== "property") continue;
    if (nameSpans.some((span) => mention.start < span.end && span.start < mention.end)) continue;
    for (const ref of mention.candidates) {
      if (ref.table === table && !namingColumn.test(ref.column.column) && !ref.column.nodeLabel)
        columns.set(ref.column.column, ref);
    }
  }
  if (columns.size !== 1) return otherwise();
  const [ref] = columns.values();
  const sql = [
    `SELECT n.id AS node_id, n.label AS node_label, n.${quoteIdentifier(ref.column.column)} AS value`,
    `FROM ${quoteIdentifier(table.table)} n`,
    `WHERE n.id = ${quoteLiteral(subject.id)}`,
  ].join("\n");
  const shown = nodeName(subject);
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const value = data.rows[0]?.[2];
      const property = ref.column.property;
      if (value === null || value === undefined || value === "") {
        part.summary.push(
          inLanguage(context, {
            en: `${shown} has no ${property} value.`,
            zh: `${shown} 没有 ${property} 的值。`,
          }),
        );
      } else {
        // A stored value, not a computed one: shown exactly.
        const text = String(value);
        part.summary.push(
          inLanguage(context, {
            en: `${shown} has ${property} ${text}.`,
            zh: `${shown} 的 ${property} 为 ${text}。`,
          }),
        );
      }
      part.focusNodeIds = [subject.id];
    },
  });
}
