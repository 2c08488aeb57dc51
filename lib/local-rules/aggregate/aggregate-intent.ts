import type { JoinRoute } from "./join-routes";
import type { RankDirection } from "./measure-words";
import type { PropertyRef } from "./mention";
import type { ComparisonOperator } from "./number-conditions";
import type { CatalogueTable } from "./query-catalogue";

/** What is computed over the measured rows. */
export type AggregateMeasure =
  | { kind: "count" }
  | { kind: "sum" | "average" | "minimum" | "maximum"; ref: PropertyRef };

/** What the rows are grouped by: a property (`customers.city`) or each node of a table. */
export type AggregateGroup =
  | { kind: "property"; ref: PropertyRef; route: JoinRoute }
  | { kind: "entity"; table: CatalogueTable; route: JoinRoute };

/** A condition on the measured rows or on a table they join. */
export type AggregateFilter = {
  ref: PropertyRef;
  route: JoinRoute;
  operator: ComparisonOperator;
  value: string | number | boolean;
  /** The value came from the question, not from the schema's list: compare ignoring case. */
  caseInsensitive: boolean;
  /** How the answer shows the value when not as is (a node id as its name and id). */
  shown?: string;
  /** Applies to the group's own nodes (which customers compete), not to the measured rows. */
  onGroup: boolean;
};

/** The words the question used, so the answer can speak the analyst's language. */
export type QuestionWords = {
  rows: string | null;
  group: string | null;
  property: string | null;
};

/** An aggregate question read against a schema: everything the SQL and the answer need. */
export type AggregateIntent = {
  measure: AggregateMeasure;
  rows: CatalogueTable;
  group: AggregateGroup | null;
  filters: AggregateFilter[];
  /** Set when the question asks for the top (or bottom) group; null lists every group. */
  direction: RankDirection | null;
  /** "top 3": how many groups the answer names. */
  top: number | null;
  /** "average number of loans per member": the mean of the per-group counts, one figure. */
  averageOverGroups: boolean;
  words: QuestionWords;
};
