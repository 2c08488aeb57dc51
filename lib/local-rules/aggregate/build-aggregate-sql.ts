import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import type { AggregateFilter, AggregateIntent } from "./aggregate-intent";
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

function conditionOf(alias: string, filter: AggregateFilter): string {
  const column = `${alias}.${quoteIdentifier(filter.ref.column.column)}`;
  if (typeof filter.value === "boolean") return `${column} = ${filter.value ? "TRUE" : "FALSE"}`;
  if (typeof filter.value === "number")
    return `${column} ${filter.operator} ${String(filter.value)}`;
  if (filter.caseInsensitive)
    return `lower(CAST(${column} AS VARCHAR)) = lower(${quoteLiteral(filter.value)})`;
  return `${column} = ${quoteLiteral(filter.value)}`;
}

function valueColumnOf(intent: AggregateIntent, keyColumn: string | null): string {
  const name =
    intent.measure.kind === "count"
      ? "count"
      : `${intent.measure.kind}_${intent.measure.ref.column.property}`;
  return name === keyColumn || name === "id" || name === "label" ? `${name}_value` : name;
}

/** One read-only DuckDB query that computes an aggregate intent over query_graph's tables. */
export function buildAggregateSql(input: {
  intent: AggregateIntent;
  catalogue: QueryCatalogue;
}): AggregateSql {
  const { intent, catalogue } = input;
  const joins = new AggregateJoins(catalogue);
  const fansOut = [intent.group?.route, ...intent.filters.map((filter) => filter.route)].some(
    (route) => route?.fansOut,
  );
  const measure =
    intent.measure.kind === "count"
      ? fansOut
        ? `count(DISTINCT r."id")`
        : "count(*)"
      : `${functions[intent.measure.kind]}(r.${quoteIdentifier(intent.measure.ref.column.column)})`;
  const where = intent.filters
    .filter((filter) => !filter.onGroup)
    .map((filter) => conditionOf(joins.aliasOf(filter.route), filter));
  const from = `FROM ${quoteIdentifier(intent.rows.table)} r`;
  const { group } = intent;
  if (!group) {
    const valueColumn = valueColumnOf(intent, null);
    const sql = [
      `SELECT ${measure} AS ${quoteIdentifier(valueColumn)}`,
      from,
      ...joins.clauses,
      ...(where.length > 0 ? [`WHERE ${where.join(" AND ")}`] : []),
    ].join("\n");
    return { sql, valueColumn };
  }
  const groupAlias = joins.aliasOf(group.route);
  const keyExpression =
    group.kind === "entity"
      ? `${groupAlias}."id"`
      : `${groupAlias}.${quoteIdentifier(group.ref.column.column)}`;
  const measured = [
    `WITH "measured" AS (`,
    `  SELECT ${keyExpression} AS "group_key", ${measure} AS "value"`,
    `  ${from}`,
    ...joins.clauses.map((clause) => `  ${clause}`),
    `  WHERE ${[...where, `${keyExpression} IS NOT NULL`].join(" AND ")}`,
    "  GROUP BY 1",
    ")",
  ];
  // Counts and sums include the groups no row reaches (0), so "fewest" can name them.
  const keepsEmpty = intent.measure.kind === "count" || intent.measure.kind === "sum";
  const value = keepsEmpty ? `coalesce(m."value", 0)` : `m."value"`;
  const join = keepsEmpty ? "LEFT JOIN" : "JOIN";
  const order = intent.direction === "asc" ? "ASC" : "DESC";
  const limit = intent.direction ? Math.max(intent.top ?? 0, entityRows) : tableRows;
  if (group.kind === "entity") {
    const valueColumn = valueColumnOf(intent, "id");
    const onGroup = intent.filters
      .filter((filter) => filter.onGroup)
      .map((filter) => conditionOf("g", filter));
    const sql = [
      ...measured,
      `SELECT g."id" AS "id", g."label" AS "label", ${value} AS ${quoteIdentifier(valueColumn)}`,
      `FROM ${quoteIdentifier(group.table.table)} g ${join} "measured" m ON m."group_key" = g."id"`,
      ...(onGroup.length > 0 ? [`WHERE ${onGroup.join(" AND ")}`] : []),
      `ORDER BY ${quoteIdentifier(valueColumn)} ${order} NULLS LAST, "id" ASC`,
      `LIMIT ${limit}`,
    ].join("\n");
    return { sql, valueColumn, labelColumn: "label", idColumn: "id" };
  }
  const keyColumn = group.ref.column.property;
  const valueColumn = valueColumnOf(intent, keyColumn);
  const column = quoteIdentifier(group.ref.column.column);
  const sql = [
    ...measured,
    `, "groups" AS (SELECT DISTINCT g.${column} AS "group_key" FROM ${quoteIdentifier(group.ref.table.table)} g WHERE g.${column} IS NOT NULL)`,
    `SELECT k."group_key" AS ${quoteIdentifier(keyColumn)}, ${value} AS ${quoteIdentifier(valueColumn)}`,
    `FROM "groups" k ${join} "measured" m ON m."group_key" = k."group_key"`,
    `ORDER BY ${quoteIdentifier(valueColumn)} ${order} NULLS LAST, ${quoteIdentifier(keyColumn)} ASC`,
    `LIMIT ${limit}`,
  ].join("\n");
  return { sql, valueColumn, labelColumn: keyColumn };
}
