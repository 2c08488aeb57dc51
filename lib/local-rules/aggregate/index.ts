// The aggregate family of the offline planner: question + schema → one query_graph SQL query,
// and its rows → the answer's lead sentence.
export type { AggregatePlan, AggregateWording, BilingualText } from "./aggregate-plan";
export type { NamedEntity } from "./entity-mentions";
export type { GraphSchemaView } from "./graph-schema-view";
export { planAggregateQuery } from "./plan-aggregate-query";
export { writeAggregateLead } from "./write-aggregate-lead";
