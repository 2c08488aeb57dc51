import type { AggregatePlan } from "./aggregate-plan";
import { buildAggregateSql } from "./build-aggregate-sql";
import { describeAggregate } from "./describe-aggregate";
import type { GraphSchemaView } from "./graph-schema-view";
import { readQueryCatalogue } from "./query-catalogue";
import { readAggregateQuestion } from "./read-aggregate-question";
import { correctTypos } from "./typo-words";

/**
 * Turns an aggregate question (English or Chinese) and a get_graph_info schema into one
 * read-only query_graph query, or null when the question is not an aggregate this planner can
 * read with confidence (a bare count of a table, graph measures, anything ambiguous).
 */
export function planAggregateQuery(input: {
  question: string;
  schema: GraphSchemaView;
}): AggregatePlan | null {
  const catalogue = readQueryCatalogue({ schema: input.schema });
  const question = correctTypos({ question: input.question, catalogue });
  const intent = readAggregateQuestion({ question, catalogue });
  if (!intent) return null;
  const built = buildAggregateSql({ intent, catalogue });
  const { describe, wording } = describeAggregate(intent);
  const answer: AggregatePlan["answer"] = intent.averageOverGroups
    ? "number"
    : !intent.group
      ? intent.measure.kind === "count"
        ? "count"
        : "number"
      : intent.direction
        ? "entity"
        : "table";
  return {
    sql: built.sql,
    answer,
    valueColumn: built.valueColumn,
    ...(built.labelColumn ? { labelColumn: built.labelColumn } : {}),
    ...(built.idColumn ? { idColumn: built.idColumn } : {}),
    describe,
    wording,
  };
}
