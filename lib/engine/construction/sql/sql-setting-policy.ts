import { type AstNode, functionName } from "./sql-expression-check";
import type { StatementDecision } from "./sql-statement-policy";

// SET names that are run (they change how later statements are read) or accepted as no-ops
// (timeouts the sandbox ignores anyway, roles and encodings that do not exist there).
const executedSettings = new Set([
  "search_path",
  "datestyle",
  "intervalstyle",
  "timezone",
  "extra_float_digits",
  "check_function_bodies",
  "client_min_messages",
  "row_security",
  "xmloption",
  "bytea_output",
]);
const ignoredSettings = new Set([
  "statement_timeout",
  "lock_timeout",
  "idle_in_transaction_session_timeout",
  "transaction_timeout",
  "client_encoding",
  "default_tablespace",
  "default_table_access_method",
  "default_with_oids",
  "synchronous_commit",
  "session_authorization",
  "role",
  "escape_string_warning",
  "maintenance_work_mem",
  "work_mem",
]);

const reject = (label: string, reason: string): StatementDecision => ({
  action: "reject",
  label,
  reason,
});

/** SET of a harmless setting: run, accepted as a no-op, or refused. */
export function decideSet({ body, label }: { body: AstNode; label: string }): StatementDecision {
  const kind = String(body.kind);
  const name = String(body.name ?? "").toLowerCase();
  if (kind === "VAR_RESET_ALL") return { action: "ignore", label: "RESET ALL" };
  const setLabel = `SET ${name}`;
  if (kind !== "VAR_SET_VALUE" && kind !== "VAR_SET_DEFAULT" && kind !== "VAR_RESET") {
    return reject(label, "only SET name = value is accepted");
  }
  if (name === "standard_conforming_strings") {
    // Turning it off would make the server read backslashes in '…' differently from the
    // parser that checked the dump.
    const value = String(constantText((body.args as AstNode[] | undefined)?.[0]) ?? "on");
    return value.toLowerCase() === "on" || kind !== "VAR_SET_VALUE"
      ? { action: "ignore", label: setLabel }
      : reject(setLabel, "only standard_conforming_strings = on is accepted");
  }
  if (ignoredSettings.has(name)) return { action: "ignore", label: setLabel };
  if (!executedSettings.has(name)) return reject(setLabel, "this setting is not accepted");
  if (kind !== "VAR_SET_VALUE") return { action: "ignore", label: setLabel };
  return { action: "execute", label: setLabel };
}

/** pg_dump's `SELECT pg_catalog.setval(…)` and `SELECT pg_catalog.set_config(…)` only. */
export function decideSelect({ body }: { body: AstNode }): StatementDecision {
  const clauses = Object.keys(body).filter(
    (key) => key !== "targetList" && key !== "limitOption" && key !== "op",
  );
  const targets = (body.targetList as AstNode[] | undefined) ?? [];
  const call = ((targets[0]?.ResTarget as AstNode | undefined)?.val as AstNode | undefined)
    ?.FuncCall as AstNode | undefined;
  const name = call ? functionName({ call }).toLowerCase() : "";
  const label = call ? `SELECT ${name}(…)` : "SELECT";
  if (clauses.length > 0 || targets.length !== 1 || !call) {
    return reject(label, "only pg_dump's SELECT setval(…) / set_config(…) are accepted");
  }
  const extra = Object.keys(call).filter(
    (key) => key !== "funcname" && key !== "args" && key !== "funcformat" && key !== "location",
  );
  const args = (call.args as AstNode[] | undefined) ?? [];
  if (extra.length > 0 || args.some((arg) => constantText(arg) === undefined)) {
    return reject(label, "its arguments must be constants");
  }
  const bare = name.replace(/^pg_catalog\./, "");
  if (bare === "setval") return { action: "execute", label };
  if (bare === "set_config") {
    const setting = String(constantText(args[0]) ?? "").toLowerCase();
    if (executedSettings.has(setting)) return { action: "execute", label };
    if (ignoredSettings.has(setting)) return { action: "ignore", label };
    return reject(label, `setting ${setting} is not accepted`);
  }
  return reject(label, "only pg_dump's SELECT setval(…) / set_config(…) are accepted");
}

/** The text of a constant (or a cast constant); undefined when the node is not one. */
function constantText(node: AstNode | undefined): string | number | boolean | null | undefined {
  if (!node) return undefined;
  const cast = node.TypeCast as AstNode | undefined;
  if (cast) return constantText(cast.arg as AstNode | undefined);
  const constant = node.A_Const as AstNode | undefined;
  if (!constant) return undefined;
  if (constant.isnull) return null;
  const sval = constant.sval as AstNode | undefined;
  if (sval) return String(sval.sval ?? "");
  const ival = constant.ival as AstNode | undefined;
  if (ival) return Number(ival.ival ?? 0);
  const boolval = constant.boolval as AstNode | undefined;
  if (boolval) return Boolean(boolval.boolval);
  const fval = constant.fval as AstNode | undefined;
  if (fval) return String(fval.fval);
  const bsval = constant.bsval as AstNode | undefined;
  if (bsval) return String(bsval.bsval);
  return undefined;
}
