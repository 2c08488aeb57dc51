import type { z } from "zod";
import type { GraphSchemaView } from "../reading/graph-schema";
import { queryDataSchema } from "../writing/analysis-result-shapes";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

/** The rows of a query_graph result. */
export type QueryData = z.infer<typeof queryDataSchema>;

/** The name of query_graph's table of every node or every edge, as the schema lists it. */
export function queryTableName(schema: GraphSchemaView, kind: "nodes" | "edges"): string {
  return schema.query_tables.find((table) => table.kind === kind)?.name ?? kind;
}

/**
 * The shape of the planners that answer with one read-only query: query_graph runs `sql`, the
 * answer cites the call and shows the SQL, and `write` fills the part from the rows.
 */
export function planQuery(input: {
  context: PlanContext;
  sql: string;
  limit: number;
  write: (data: QueryData, part: AnswerPart) => void;
}): PlanOutcome {
  const { context, sql } = input;
  const call: PlannedCall = { toolName: "query_graph", input: { sql, limit: input.limit } };
  return planSingleCall({
    context,
    call,
    schema: queryDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      // The SQL itself is shown as code under the answer's sources (it is the call's argument).
      input.write(data, part);
      return part;
    },
  });
}
