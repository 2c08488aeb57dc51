import { type AstNode, findForbiddenExpression } from "./sql-expression-check";
import { decideSelect, decideSet } from "./sql-setting-policy";

/** What the loader does with one parsed statement. */
export type StatementDecision =
  | { action: "execute"; label: string }
  /** Accepted but not run: ownership, grants, comments, transaction brackets, no-op SETs. */
  | { action: "ignore"; label: string }
  /** COPY … FROM stdin, rewritten to read the inline data PGlite is handed as a blob. */
  | { action: "copy"; label: string; copySql: string }
  | { action: "reject"; label: string; reason: string };

const alterTableCommands = new Set([
  "AT_AddConstraint",
  "AT_ColumnDefault",
  "AT_AddIdentity",
  "AT_SetNotNull",
  "AT_AttachPartition",
  "AT_ClusterOn",
]);
const addableConstraints = new Set([
  "CONSTR_PRIMARY",
  "CONSTR_FOREIGN",
  "CONSTR_UNIQUE",
  "CONSTR_CHECK",
  "CONSTR_NOTNULL",
]);
// COPY options rendered into the rewritten statement; ENCODING is dropped on purpose (the
// dump was already decoded as UTF-8 text and is handed to PGlite as UTF-8).
const copyOptions = new Set(["format", "delimiter", "null", "header", "quote", "escape", "freeze"]);

const reject = (label: string, reason: string): StatementDecision => ({
  action: "reject",
  label,
  reason,
});

/**
 * The allow-list of an uploaded dump: schema (CREATE TABLE / SEQUENCE / INDEX / TYPE … AS
 * ENUM / DOMAIN / SCHEMA, ALTER TABLE … ADD CONSTRAINT and the column tweaks pg_dump writes),
 * data (INSERT … VALUES, COPY … FROM stdin), SET of harmless settings, pg_dump's
 * `SELECT pg_catalog.setval/set_config(…)`, plus ignored OWNER TO / GRANT / COMMENT /
 * BEGIN / COMMIT. Expressions inside may only call the functions of sql-expression-check.
 */
export function decideStatement({ statement }: { statement: AstNode }): StatementDecision {
  const [type, body] = Object.entries(statement)[0] as [string, AstNode];
  const label = statementLabel(type);
  const checked = (decision: StatementDecision): StatementDecision => {
    const forbidden = findForbiddenExpression({ tree: body });
    return forbidden ? reject(label, `it uses ${forbidden}`) : decision;
  };
  switch (type) {
    case "CreateStmt":
    case "CreateSeqStmt":
    case "AlterSeqStmt":
    case "IndexStmt":
    case "CreateEnumStmt":
    case "CreateDomainStmt":
      return checked({ action: "execute", label });
    case "CreateSchemaStmt":
      return body.schemaElts ? reject(label, "it embeds other statements") : execute(label);
    case "AlterTableStmt":
      return decideAlterTable(body, label, checked);
    case "InsertStmt":
      return decideInsert(body, label);
    case "CopyStmt":
      return decideCopy(body);
    case "VariableSetStmt":
      return decideSet({ body, label });
    case "SelectStmt":
      return decideSelect({ body });
    case "TransactionStmt": {
      const kind = String(body.kind);
      return kind === "TRANS_STMT_BEGIN" ||
        kind === "TRANS_STMT_START" ||
        kind === "TRANS_STMT_COMMIT"
        ? { action: "ignore", label: kind === "TRANS_STMT_COMMIT" ? "COMMIT" : "BEGIN" }
        : reject("transaction control", "only BEGIN and COMMIT are accepted");
    }
    case "CommentStmt":
    case "AlterOwnerStmt":
    case "GrantStmt":
    case "AlterDefaultPrivilegesStmt":
      return { action: "ignore", label };
    default:
      return reject(label, "only schema and data statements are accepted");
  }
}

function execute(label: string): StatementDecision {
  return { action: "execute", label };
}

function decideAlterTable(
  body: AstNode,
  label: string,
  checked: (decision: StatementDecision) => StatementDecision,
): StatementDecision {
  const commands = ((body.cmds as AstNode[] | undefined) ?? []).map(
    (command) => command.AlterTableCmd as AstNode,
  );
  const subtypes = commands.map((command) => String(command.subtype));
  if (subtypes.length > 0 && subtypes.every((subtype) => subtype === "AT_ChangeOwner")) {
    return { action: "ignore", label: `${label} … OWNER TO` };
  }
  for (const command of commands) {
    const subtype = String(command.subtype);
    if (!alterTableCommands.has(subtype)) {
      return reject(`${label} (${subtype.replace(/^AT_/, "")})`, "this change is not accepted");
    }
    const constraint = (command.def as AstNode | undefined)?.Constraint as AstNode | undefined;
    if (subtype === "AT_AddConstraint" && !addableConstraints.has(String(constraint?.contype))) {
      return reject(`${label} … ADD CONSTRAINT`, "only PRIMARY KEY, FOREIGN KEY, UNIQUE, CHECK");
    }
  }
  const objectType = String(body.objtype);
  if (objectType !== "OBJECT_TABLE" && objectType !== "OBJECT_INDEX") {
    return reject(label, `it alters a ${objectType.replace(/^OBJECT_/, "").toLowerCase()}`);
  }
  return checked(execute(label));
}

function decideInsert(body: AstNode, label: string): StatementDecision {
  if (body.withClause) return reject(`${label} … WITH`, "a WITH query is not accepted");
  if (body.returningList) return reject(`${label} … RETURNING`, "RETURNING is not accepted");
  const conflict = body.onConflictClause as AstNode | undefined;
  if (conflict && conflict.action !== "ONCONFLICT_NOTHING") {
    return reject(`${label} … ON CONFLICT`, "only ON CONFLICT DO NOTHING is accepted");
  }
  const select = (body.selectStmt as AstNode | undefined)?.SelectStmt as AstNode | undefined;
  if (select) {
    const clauses = Object.keys(select).filter(
      (key) => key !== "valuesLists" && key !== "limitOption" && key !== "op",
    );
    if (!select.valuesLists || clauses.length > 0) {
      return reject(`${label} … SELECT`, "only INSERT … VALUES is accepted");
    }
  }
  const forbidden = findForbiddenExpression({ tree: [select?.valuesLists, conflict] });
  return forbidden ? reject(label, `it uses ${forbidden}`) : execute(label);
}

function decideCopy(body: AstNode): StatementDecision {
  if (!body.is_from) return reject("COPY … TO", "only COPY … FROM stdin is accepted");
  if (body.is_program) return reject("COPY … FROM PROGRAM", "it would run a program");
  if (body.filename !== undefined) return reject("COPY … FROM a file", "it would read a file");
  const relation = body.relation as AstNode | undefined;
  if (!relation || body.query) return reject("COPY", "only COPY table FROM stdin is accepted");
  if (body.whereClause) return reject("COPY … WHERE", "COPY with WHERE is not accepted");
  const rendered: string[] = [];
  for (const option of (body.options as AstNode[] | undefined) ?? []) {
    const element = option.DefElem as AstNode;
    const name = String(element.defname);
    if (name === "encoding") continue;
    if (!copyOptions.has(name)) return reject(`COPY … (${name})`, "this COPY option is refused");
    const value = renderOptionValue(element.arg as AstNode | undefined);
    rendered.push(value === null ? name.toUpperCase() : `${name.toUpperCase()} ${value}`);
  }
  const table = [relation.schemaname, relation.relname]
    .filter((part): part is string => typeof part === "string")
    .map(quoteIdentifier)
    .join(".");
  const columns = ((body.attlist as AstNode[] | undefined) ?? []).map((column) =>
    quoteIdentifier(String((column.String as AstNode).sval)),
  );
  const columnList = columns.length > 0 ? ` (${columns.join(", ")})` : "";
  const withList = rendered.length > 0 ? ` WITH (${rendered.join(", ")})` : "";
  return {
    action: "copy",
    label: "COPY … FROM stdin",
    copySql: `COPY ${table}${columnList} FROM '/dev/blob'${withList}`,
  };
}

function renderOptionValue(arg: AstNode | undefined): string | null {
  if (!arg) return null;
  if (arg.String) return quoteLiteral(String((arg.String as AstNode).sval ?? ""));
  if (arg.Integer) return String(Number((arg.Integer as AstNode).ival ?? 0));
  if (arg.Boolean) return (arg.Boolean as AstNode).boolval ? "true" : "false";
  if (arg.A_Star) return "*";
  return quoteLiteral("");
}

/** "CreateExtensionStmt" → "CREATE EXTENSION". */
function statementLabel(type: string): string {
  const special: Record<string, string> = {
    DoStmt: "DO",
    IndexStmt: "CREATE INDEX",
    CreateStmt: "CREATE TABLE",
    CreateSeqStmt: "CREATE SEQUENCE",
    AlterSeqStmt: "ALTER SEQUENCE",
    CreateEnumStmt: "CREATE TYPE … AS ENUM",
    CreateFunctionStmt: "CREATE FUNCTION",
    VariableSetStmt: "SET",
    CreateTableAsStmt: "CREATE TABLE … AS",
  };
  if (Object.hasOwn(special, type)) return special[type];
  return type
    .replace(/Stmt$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toUpperCase();
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
