import type { AggregatePlan } from "./aggregate-plan";
import { buildAggregateSql } from "./build-aggregate-sql";
import { describeAggregate } from "./describe-aggregate";
import type { NamedEntity } from "./entity-mentions";
import { findPhrase } from "./find-phrase";
import type { GraphSchemaView } from "./graph-schema-view";
import { type QueryCatalogue, readQueryCatalogue } from "./query-catalogue";
import { findMentions } from "./question-mentions";
import { readAggregateQuestion } from "./read-aggregate-question";
import { correctTypos } from "./typo-words";

/**
 * Turns an aggregate question (English or Chinese) and a get_graph_info schema into one
 * read-only query_graph query, or null when the question is not an aggregate this planner can
 * read with confidence (a bare count of a table, graph measures, anything ambiguous).
 *
 * `entities` are nodes the question names and a search confirmed: they filter the rows.
 * `subjects` are words the question is about (the node a question names): a plan that leaves
 * one of them out answers another question ("total lines committed to ledger-service" summed
 * over every repository), so there is none.
 */
export function planAggregateQuery(input: {
  question: string;
  schema: GraphSchemaView;
  entities?: NamedEntity[];
  subjects?: string[];
}): AggregatePlan | null {
  const catalogue = readQueryCatalogue({ schema: input.schema });
  const question = correctTypos({ question: input.question, catalogue });
  const intent = readAggregateQuestion({ question, catalogue, entities: input.entities });
  if (!intent) return null;
  if (leavesSubjectOut({ question, catalogue, entities: input.entities, subjects: input.subjects }))
    return null;
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

// A subject still written in the question (typo correction may have rewritten it into a value)
// must lie inside a table, property or value the reading found; every one of those plays a
// part in the plan, or there would be no intent.
function leavesSubjectOut(input: {
  question: string;
  catalogue: QueryCatalogue;
  entities?: NamedEntity[];
  subjects?: string[];
}): boolean {
  const subjects = (input.subjects ?? []).filter((subject) => subject.trim() !== "");
  if (subjects.length === 0) return false;
  const mentions = findMentions(input);
  return subjects.some((subject) => {
    const spans = findPhrase({ text: input.question, phrase: subject.trim() });
    return (
      spans.length > 0 &&
      !spans.some(({ start, end }) =>
        mentions.some((mention) => mention.start < end && start < mention.end),
      )
    );
  });
}
