import type { DuckDBConnection } from "@duckdb/node-api";
import { EngineError } from "../engine-error";
import { allowedQueryFunctions, allowedTableFunctions } from "./allowed-query-functions";
import { quoteLiteral } from "./sql-quoting";

type Tree = Record<string, unknown>;

// Expression classes of DuckDB's parse tree a query may contain; PARAMETER and anything new
// are refused.
const allowedExpressionClasses = new Set([
  "BETWEEN",
  "CASE",
  "CAST",
  "COLLATE",
  "COLUMN_REF",
  "COMPARISON",
  "CONJUNCTION",
  "CONSTANT",
  "FUNCTION",
  "LAMBDA",
  "LAMBDA_REF",
  "OPERATOR",
  "POSITIONAL_REFERENCE",
  "STAR",
  "SUBQUERY",
  "WINDOW",
]);
const queryNodeTypes = new Set([
  "SELECT_NODE",
  "SET_OPERATION_NODE",
  "RECURSIVE_CTE_NODE",
  "CTE_NODE",
]);
const plainTableReferences = new Set(["JOIN", "SUBQUERY", "EMPTY", "EXPRESSION_LIST", "PIVOT"]);
// Every FROM item kind DuckDB serialises (all carry `sample`; the names are a second net).
const tableReferenceTypes = new Set([
  ...plainTableReferences,
  "BASE_TABLE",
  "TABLE_FUNCTION",
  "SHOW_REF",
  "COLUMN_DATA",
  "DELIM_GET",
  "CTE",
  "BOUND_TABLE_REF",
]);

/**
 * Refuses (INVALID_REQUEST, saying why) anything but one read-only query over the graph's
 * tables. DuckDB's own parser reads the SQL (`json_serialize_sql` serialises only SELECT
 * statements, so COPY, ATTACH, SET, PRAGMA, INSERT, CREATE … never get a tree), then the tree
 * is walked: exactly one statement; every FROM item a graph table, a CTE in scope, or an
 * allowed generator (so no `FROM '/etc/passwd'` replacement scan, no read_csv, no catalog
 * views); every function on the allow-list; no parameters. The engine's own sandbox
 * (open-query-engine.ts) and a read-only transaction stand behind this check.
 */
export async function assertReadOnlyQuery({
  connection,
  sql,
  tableNames,
}: {
  connection: DuckDBConnection;
  sql: string;
  tableNames: ReadonlySet<string>;
}): Promise<void> {
  if (sql.includes("\0")) throw refused("The SQL contains a NUL character.");
  // Counted first (a parse, nothing runs) so "SELECT 1; DROP …" is refused for what it is.
  const count = await connection.extractStatements(sql).then(
    (extracted) => extracted.count,
    () => 1,
  );
  if (count !== 1) throw tooManyStatements(count);
  const reader = await connection.runAndReadAll(`SELECT json_serialize_sql(${quoteLiteral(sql)})`);
  const parsed = JSON.parse(String(reader.getRows()[0][0])) as Tree;
  if (parsed.error) {
    const message = String(parsed.error_message ?? "the SQL could not be parsed");
    if (/Only SELECT statements/i.test(message)) {
      throw refused(
        `${firstKeyword(sql)} statements are not allowed: query_graph runs one read-only SELECT or WITH query.`,
      );
    }
    throw refused(`The SQL could not be parsed: ${message}`);
  }
  const statements = parsed.statements as Tree[];
  if (statements.length !== 1) throw tooManyStatements(statements.length);
  visit(statements[0], new Set(), tableNames);
}

function visit(value: unknown, scope: ReadonlySet<string>, tables: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, scope, tables);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const tree = value as Tree;
  if (typeof tree.class === "string") checkExpression(tree);
  else if (queryNodeTypes.has(tree.type as string)) {
    visitQueryNode(tree, scope, tables);
    return;
  } else if (
    typeof tree.type === "string" &&
    ("sample" in tree || tableReferenceTypes.has(tree.type))
  ) {
    checkTableReference(tree, scope, tables);
  }
  for (const child of Object.values(tree)) visit(child, scope, tables);
}

// A WITH list is visible to its own query and, in order, to the CTEs after each one (and to
// itself: recursive CTEs). A name outside its scope must be a graph table, never whatever
// else the catalog holds under that name.
function visitQueryNode(node: Tree, scope: ReadonlySet<string>, tables: ReadonlySet<string>) {
  const entries = ((node.cte_map as Tree | undefined)?.map ?? []) as { key: string; value: Tree }[];
  const inner = new Set(scope);
  for (const entry of entries) {
    inner.add(entry.key.toLowerCase());
    visit(entry.value, new Set(inner), tables);
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== "cte_map") visit(child, inner, tables);
  }
}

function checkExpression(expression: Tree) {
  const kind = expression.class as string;
  if (kind === "PARAMETER") throw refused("Query parameters ($1, ?) are not supported.");
  if (!allowedExpressionClasses.has(kind)) {
    throw refused(`The expression kind ${kind} is not allowed in a graph query.`);
  }
  if (kind !== "FUNCTION" && kind !== "WINDOW") return;
  const name = String(expression.function_name).toLowerCase();
  const schema = String(expression.schema ?? "");
  const catalog = String(expression.catalog ?? "");
  // The parser itself writes `main.` before some rewrites ([1, 2] → main.list_value).
  if (catalog !== "" || (schema !== "" && schema !== "main")) {
    throw refused(
      `The function ${[catalog, schema, name].filter(Boolean).join(".")} is not allowed.`,
    );
  }
  if (!allowedQueryFunctions.has(name)) {
    throw refused(
      `The function ${name}() is not allowed: graph queries may use arithmetic, text, date, list, JSON, aggregate and window functions only (no files, settings or system functions).`,
    );
  }
}

function checkTableReference(
  reference: Tree,
  scope: ReadonlySet<string>,
  tables: ReadonlySet<string>,
) {
  const type = reference.type as string;
  if (type === "BASE_TABLE") {
    const name = String(reference.table_name);
    const schema = String(reference.schema_name ?? "");
    if (String(reference.catalog_name ?? "") !== "" || (schema !== "" && schema !== "main")) {
      throw refused(`Only the graph's tables can be read; "${schema}.${name}" is not one of them.`);
    }
    if (reference.at_clause) throw refused("AT (time travel) clauses are not supported.");
    const key = name.toLowerCase();
    if (scope.has(key) || tables.has(key)) return;
    throw refused(`Unknown table "${name}": only the graph's tables can be read.`, { table: name });
  }
  if (type === "TABLE_FUNCTION") {
    const name = String(
      (reference.function as Tree | undefined)?.function_name ?? "",
    ).toLowerCase();
    if (allowedTableFunctions.has(name)) return;
    throw refused(
      `The table function ${name}() is not allowed: only the graph's tables, unnest, range and generate_series can be read.`,
    );
  }
  // DESCRIBE / SUMMARIZE <query> carry the query (walked like any other); SHOW <name> does not.
  if (type === "SHOW_REF" && reference.query && reference.table_name === "") return;
  if (type === "SHOW_REF")
    throw refused("SHOW is not supported; the tables are listed in `tables`.");
  if (!plainTableReferences.has(type)) {
    throw refused(`The FROM item kind ${type} is not allowed in a graph query.`);
  }
}

function tooManyStatements(count: number): EngineError {
  return refused(
    `Exactly one statement is allowed; this SQL has ${count}. Send one SELECT or WITH query.`,
  );
}

function firstKeyword(sql: string): string {
  const withoutComments = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ");
  return /[A-Za-z]+/.exec(withoutComments)?.[0].toUpperCase() ?? "These";
}

function refused(message: string, details?: Record<string, unknown>): EngineError {
  return new EngineError("INVALID_REQUEST", message, { reason: "refused_sql", ...details });
}
