import { type NamedEntity, planAggregateQuery, writeAggregateLead } from "../aggregate";
import { isExcluded } from "../reading/exclusion";
import type { GraphSchemaView } from "../reading/graph-schema";
import { detectLanguage } from "../writing/answer-language";
import { planQuery } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";

// Rows shown under the lead: enough to see the runners-up, few enough to read.
const shownRows = 20;

/**
 * Aggregates over property values ("which city has the most customers", "the average order
 * total"): the aggregate grammar (./aggregate) writes one read-only SQL query from the question
 * and the schema, query_graph runs it, and the lead names the top row. Null when the question
 * is not an aggregate the grammar can plan confidently. `entities` (confirmed nodes) filter
 * the rows; `subjects` must play a part in the plan (see planAggregateQuery).
 */
export function planAggregate(input: {
  context: PlanContext;
  schema: GraphSchemaView;
  entities?: NamedEntity[];
  subjects?: string[];
}): PlanOutcome | null {
  const { context, schema, entities, subjects } = input;
  const question = context.reading.question;
  const plan = planAggregateQuery({ question, schema, entities, subjects });
  if (!plan) return null;
  // "Which of them …": the rows are kept to the listed nodes below, so the query must not stop
  // at its own top rows first — the listed ones may rank anywhere.
  const overSet = (context.reading.nodeSet?.length ?? 0) > 0 && plan.idColumn !== undefined;
  return planQuery({
    context,
    sql: overSet ? plan.sql.replace(/\s+LIMIT\s+\d+\s*;?\s*$/i, "") : plan.sql,
    limit: overSet ? 1000 : 100,
    write: (data, part) => {
      const excluded = context.reading.excluded ?? [];
      // "Which of them …": only the nodes an earlier answer listed, when the rows name nodes.
      const listed = new Set(context.reading.nodeSet ?? []);
      const idColumn = plan.idColumn ? data.columns.indexOf(plan.idColumn) : -1;
      const kept = data.rows.filter(
        (row) =>
          !isExcluded(excluded, ...row) &&
          (listed.size === 0 || idColumn < 0 || listed.has(String(row[idColumn]))),
      );
      const rows = kept.map((row) =>
        Object.fromEntries(data.columns.map((column, index) => [column, row[index]])),
      );
      part.summary.push(
        writeAggregateLead({ plan, rows, language: detectLanguage(question), question }),
      );
      // "Which is the highest peak, and how many segments lead up to it?": the node the lead
      // names is what a second ask's "it" stands for.
      if (plan.answer === "entity" && idColumn >= 0 && kept.length > 0) {
        part.focusNodeIds = [String(kept[0][idColumn])];
      }
      if (excluded.length > 0 && kept.length < data.rows.length) {
        part.notes.push(excludedNote(question, excluded));
      }
      if (rows.length > 1 || plan.answer === "table" || plan.answer === "entity") {
        part.sections.push({
          heading: plan.describe[detectLanguage(question)],
          blocks: [
            {
              kind: "table",
              columns: data.columns,
              rows: kept
                .slice(0, shownRows)
                .map((row) => row.map((cell) => (cell === null ? "" : String(cell)))),
            },
          ],
        });
      }
    },
  });
}

function excludedNote(question: string, excluded: string[]): string {
  return detectLanguage(question) === "zh"
    ? `按问题要求，已排除：${excluded.join("、")}。`
    : `Left out as the question asks: ${excluded.join(", ")}.`;
}
