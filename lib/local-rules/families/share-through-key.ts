import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import type { GraphSchemaView } from "../reading/graph-schema";
import { namedNodeTypes, typePosition } from "../reading/question-scope";

/** The type a share is taken of, whose rows hold a key to the table the value is in. */
export type ShareWhole = { type: string; table: string; column: string };

// "占全部项目", "of all (the) grants": the type named as the whole of the share.
const wholeWords = /全部|所有|整个|\b(?:all|of|among|amongst)\s+(?:the\s+)?/gi;

// The type named right after a whole word, wherever the question says it.
function namedAsWhole(question: string, type: string): boolean {
  return [...question.matchAll(wholeWords)].some((match) => {
    const after = question.slice((match.index ?? 0) + match[0].length);
    return typePosition(after, type) === 0;
  });
}

/**
 * "由公共资助方资助的项目占全部项目的比例": the value is a funder's, the share is of the projects,
 * each counted by the one funder its key names. Null unless the whole is another named type
 * with exactly one foreign key to the value's type.
 */
export function shareWholeThroughKey(input: {
  question: string;
  schema: GraphSchemaView;
  valueType: string;
}): ShareWhole | null {
  const { question, schema, valueType } = input;
  const whole = namedNodeTypes(question, schema).find(
    (type) => type !== valueType && namedAsWhole(question, type),
  );
  if (!whole) return null;
  const keys = schema.edge_types.filter(
    (edge) =>
      edge.name.startsWith(`${whole}.`) &&
      (edge.from ?? []).every((type) => type === whole) &&
      (edge.to ?? []).length === 1 &&
      edge.to?.[0] === valueType,
  );
  const table = schema.query_tables.find(
    (entry) => entry.kind === "node-type" && entry.name === whole,
  );
  if (keys.length !== 1 || !table) return null;
  return { type: whole, table: table.name, column: keys[0].name.slice(whole.length + 1) };
}

/** The FROM clause counting the whole's rows, each joined to the row its key names as `n`. */
export function wholeFromSql(whole: ShareWhole, valueTable: string): string {
  return `FROM ${quoteIdentifier(whole.table)} w LEFT JOIN ${quoteIdentifier(valueTable)} n ON n."id" = w.${quoteIdentifier(whole.column)}`;
}
