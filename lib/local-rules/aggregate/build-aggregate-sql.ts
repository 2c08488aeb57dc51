import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import type { AggregateFilter, AggregateGroup, AggregateIntent } from "./aggregate-intent";
import { AggregateJoins } from "./aggregate-joins";
import type { QueryCatalogue } from "./query-catalogue";

/** The SQL of an aggregate and the columns its answer reads. */
export type AggregateSql = {
  sql: string;
  valueColumn: string;
  /** The group's name: the property value, or the node label. */
  labelColumn?: string;
  /** Entity groups: the node id. */
  idColumn?: string;
};

// An entity answer shows the runners-up to the reader of the tool result; a table lists more.
const entityRows = 10;
const tableRows = 50;

const functions = { sum: "sum", average: "avg", minimum: "min", maximum: "max" } as const;

/** A filter's SQL condition on the column `alias.column` (text compared as its schema lists it). */
export function conditionSql(
  alias: string,
  filter: Pick<AggregateFilter, "operator" | "value" | "caseInsensitive"> & { column: string },
): string {
  const column = `${alias}.${quoteIdentifier(filter.column)}`;
  if (typeof filter.value === "boolean") return `${column} = ${filter.value ? "TRUE" : "FALSE"}`;
  if (typeof filter.value === "number")
    return `${column} ${filter.operator} ${String(filter.value)}`;
  if (filter.caseInsensitive)
    return `lower(CAST(${column} AS VARCHAR)) = lower(${quoteLiteral(filter.value)})`;
  return `${column} = ${quoteLiteral(filter.value)}`;
}

function conditionOf(alias: string, filter: AggregateFilter): string {
  return conditionSql(alias, { ...filter, column: filter.ref.column.column });
}

function valueColumnOf(intent: AggregateIntent, keyColumn: string | null): string {
  if (intent.averageOverGroups) return "average_count";
  const name =
    intent.measure.kind === "count"
      ? "count"
      : `${intent.measure.kind}_${intent.measure.ref.column.property}`;
  return name === keyColumn || name === "id" || name === "label" ? `${name}_value` : name;
}

function measureOf(intent: AggregateIntent): string {
  if (intent.measure.kind !== "count") {
    return `${functions[intent.measure.kind]}(r.${quoteIdentifier(intent.measure.ref.column.column)})`;
  }
  const fansOut = [intent.group?.route, ...intent.filters.map((filter) => filter.route)].some(
    (route) => route?.fansOut,
  );
  // A node met through several links counts once; link-table rows have no id to tell apart.
  return fansOut && intent.rows.kind === "node" ? `count(DISTINCT r."id")` : "count(*)";
}

/** One read-only DuckDB query that computes an aggregate intent over query_graph's tables. */
export function buildAggregateSql(input: {
  intent: AggregateIntent;
  catalogue: QueryCatalogue;
}): AggregateSql {
  const { intent } = input;
  const joins = new AggregateJoins(input.catalogue);
  const where = intent.filters
    .filter((filter) => !filter.onGroup)
    .map((filter) => conditionOf(joins.aliasOf(filter.route), filter));
  const from = `FROM ${quoteIdentifier(intent.rows.table)} r`;
  const { group } = intent;
  if (!group) {
    const valueColumn = valueColumnOf(intent, null);
    const sql = [
      `SELECT ${measureOf(intent)} AS ${quoteIdentifier(valueColumn)}`,
      from,
      ...joins.clauses,
      ...(where.length > 0 ? [`WHERE ${where.join(" AND ")}`] : []),
    ].join("\n");
    return { sql, valueColumn };
  }
  const groupAlias = joins.aliasOf(group.route);
  const key =
    group.kind === "entity"
      ? `${groupAlias}."id"`
      : `${groupAlias}.${quoteIdentifier(group.ref.column.column)}`;
  const measured = [
    `WITH "measured" AS (`,
    `  SELECT ${key} AS "group_key", ${measureOf(intent)} AS "value"`,
    `  ${from}`,
    ...joins.clauses.map((clause) => `  ${clause}`),
    `  WHERE ${[...where, `${key} IS NOT NULL`, ...(group.kind === "property" ? [notPlaceholder(key)] : [])].join(" AND ")}`,
    "  GROUP BY 1",
    ")",
  ];
  return group.kind === "entity"
    ? perEntity({ intent, group, measured })
    : perValue({ intent, group, measured });
}

// Words a table uses for "no value" ("none" for students in no club, "n/a"): a group of rows
// that have no value is not a value, so "which club has the fewest members" never names "none".
const placeholderValues = ["none", "null", "n/a", "na", "nan", "-", ""];

function notPlaceholder(expression: string): string {
  const words = placeholderValues.map((word) => `'${word}'`).join(", ");
  return `lower(trim(CAST(${expression} AS VARCHAR))) NOT IN (${words})`;
}

// Counts and sums include the groups no row reaches (0), so "fewest" can name them.
function keepsEmpty(intent: AggregateIntent): boolean {
  return intent.measure.kind === "count" || intent.measure.kind === "sum";
}

function ranking(intent: AggregateIntent, valueColumn: string, keyColumn: string): string[] {
  const order = intent.direction === "asc" ? "ASC" : "DESC";
  const limit = intent.direction ? Math.max(intent.top ?? 0, entityRows) : tableRows;
  return [
    `ORDER BY ${quoteIdentifier(valueColumn)} ${order} NULLS LAST, ${quoteIdentifier(keyColumn)} ASC`,
    `LIMIT ${limit}`,
  ];
}

function perEntity(input: {
  intent: AggregateIntent;
  group: Extract<AggregateGroup, { kind: "entity" }>;
  measured: string[];
}): AggregateSql {
  const { intent, group, measured } = input;
  const empty = keepsEmpty(intent);
  const value = empty ? `coalesce(m."value", 0)` : `m."value"`;
  const onGroup = intent.filters
    .filter((filter) => filter.onGroup)
    .map((filter) => conditionOf("g", filter));
  const from = [
    `FROM ${quoteIdentifier(group.table.table)} g ${empty ? "LEFT JOIN" : "JOIN"} "measured" m ON m."group_key" = g."id"`,
    ...(onGroup.length > 0 ? [`WHERE ${onGroup.join(" AND ")}`] : []),
  ];
  const valueColumn = valueColumnOf(intent, "id");
  if (intent.averageOverGroups) {
    const sql = [
      ...measured,
      `SELECT avg(${value}) AS ${quoteIdentifier(valueColumn)}`,
      ...from,
    ].join("\n");
    return { sql, valueColumn };
  }
  const sql = [
    ...measured,
    `SELECT g."id" AS "id", g."label" AS "label", ${value} AS ${quoteIdentifier(valueColumn)}`,
    ...from,
    ...ranking(intent, valueColumn, "id"),
  ].join("\n");
  return { sql, valueColumn, labelColumn: "label", idColumn: "id" };
}

function perValue(input: {
  intent: AggregateIntent;
  group: Extract<AggregateGroup, { kind: "property" }>;
  measured: string[];
}): AggregateSql {
  const { intent, group, measured } = input;
  const empty = keepsEmpty(intent);
  const value = empty ? `coalesce(m."value", 0)` : `m."value"`;
  const column = quoteIdentifier(group.ref.column.column);
  const keyColumn = group.ref.column.property;
  const valueColumn = valueColumnOf(intent, keyColumn);
  const groups = `, "groups" AS (SELECT DISTINCT g.${column} AS "group_key" FROM ${quoteIdentifier(group.ref.table.table)} g WHERE g.${column} IS NOT NULL AND ${notPlaceholder(`g.${column}`)})`;
  const from = `FROM "groups" k ${empty ? "LEFT JOIN" : "JOIN"} "measured" m ON m."group_key" = k."group_key"`;
  if (intent.averageOverGroups) {
    const sql = [
      ...measured,
      groups,
      `SELECT avg(${value}) AS ${quoteIdentifier(valueColumn)}`,
      from,
    ].join("\n");
    return { sql, valueColumn };
  }
  const sql = [
    ...measured,
    groups,
    `SELECT k."group_key" AS ${quoteIdentifier(keyColumn)}, ${value} AS ${quoteIdentifier(valueColumn)}`,
    from,
    ...ranking(intent, valueColumn, keyColumn),
  ].join("\n");
  return { sql, valueColumn, labelColumn: keyColumn };
}
