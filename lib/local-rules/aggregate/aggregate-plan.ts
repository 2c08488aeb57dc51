/** Text in the two languages an answer may be written in. */
export type BilingualText = { en: string; zh: string };

/** What the lead sentence needs to know about a plan besides its rows. */
export type AggregateWording = {
  measure: "count" | "sum" | "average" | "minimum" | "maximum";
  direction: "desc" | "asc" | null;
  /** The measured rows ("customers", "客户"). */
  rows: BilingualText;
  /** The group ("city", "城市"), when there is one. */
  group: BilingualText | null;
  /** The measured property ("orders.total", "金额"), unless the measure is a count. */
  property: BilingualText | null;
  /** The filters ("club = Officer", "club 为 Officer"), when there are any. */
  conditions: BilingualText | null;
  /** "top 3": how many groups the lead names. */
  top: number | null;
};

/** One query_graph call that answers an aggregate question, and how to read its rows. */
export type AggregatePlan = {
  sql: string;
  /** count: one integer; number: one figure; entity: the top group; table: every group. */
  answer: "count" | "number" | "entity" | "table";
  valueColumn: string;
  /** The group's name: the property value or the node label. */
  labelColumn?: string;
  /** Entity groups: the node id column. */
  idColumn?: string;
  /** What is computed, e.g. "customers per city" / "各城市的客户数量". */
  describe: BilingualText;
  wording: AggregateWording;
};
