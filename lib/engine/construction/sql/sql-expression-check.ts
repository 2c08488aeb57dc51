/** A node of libpg-query's JSON parse tree: `{ NodeType: { …fields } }` wrappers all the way down. */
export type AstNode = Record<string, unknown>;

/**
 * Functions an expression in a dump may call (column defaults, CHECK constraints, generated
 * columns, index expressions, VALUES). What pg_dump writes (nextval for serials, now(), casts)
 * plus cheap pure text/number/date helpers. Everything else — pg_sleep, pg_read_file, lo_*,
 * set_config, repeat, generate_series, dblink … — is refused: the sandbox is not a boundary.
 */
const allowedFunctions = new Set([
  "nextval",
  "now",
  "gen_random_uuid",
  "statement_timestamp",
  "transaction_timestamp",
  "clock_timestamp",
  "timezone",
  "lower",
  "upper",
  "btrim",
  "ltrim",
  "rtrim",
  "length",
  "char_length",
  "character_length",
  "octet_length",
  "abs",
  "round",
  "trunc",
  "floor",
  "ceil",
  "ceiling",
  "date_trunc",
  "date_part",
  "extract",
  "make_date",
  "to_date",
  "to_timestamp",
  "to_char",
  "to_number",
  "to_tsvector",
  "concat",
  "concat_ws",
  "substring",
  "substr",
  "left",
  "right",
  "replace",
  "strpos",
  "split_part",
  "array_length",
  "cardinality",
  "json_typeof",
  "jsonb_typeof",
]);

/** Node types that would run a query or parse untrusted XML inside an expression. */
const forbiddenNodes = new Map([
  ["SubLink", "a subquery"],
  ["SelectStmt", "a query"],
  ["RangeSubselect", "a subquery"],
  ["RangeFunction", "a set-returning function"],
  ["XmlExpr", "an XML expression"],
  ["XmlSerialize", "an XML expression"],
]);

/** The dotted name of a FuncCall's `funcname` list. */
export function functionName({ call }: { call: AstNode }): string {
  const parts = (call.funcname as AstNode[] | undefined) ?? [];
  return parts.map((part) => String((part.String as AstNode | undefined)?.sval ?? "?")).join(".");
}

/** True when a dotted function name is allowed (unqualified or pg_catalog.-qualified). */
export function isAllowedFunction({ name }: { name: string }): boolean {
  const lower = name.toLowerCase();
  const bare = lower.startsWith("pg_catalog.") ? lower.slice("pg_catalog.".length) : lower;
  return !bare.includes(".") && allowedFunctions.has(bare);
}

/**
 * Walks a parse tree and returns why it is refused ("function pg_sleep()", "a subquery"), or
 * null when every function call and node in it is allowed.
 */
export function findForbiddenExpression({ tree }: { tree: unknown }): string | null {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const reason = forbiddenNodes.get(key);
      if (reason) return reason;
      if (key === "FuncCall") {
        const name = functionName({ call: child as AstNode });
        if (!isAllowedFunction({ name })) return `function ${name}()`;
      }
      stack.push(child);
    }
  }
  return null;
}
