import { loadModule, parseSync } from "libpg-query";
import { throwIfCancelled } from "../../cancel-signal";
import { EngineError, parseError } from "../../engine-error";
import { SqlDumpScanner, type SqlMetaCommand, type SqlPiece } from "./sql-dump-scanner";
import type { AstNode } from "./sql-expression-check";
import { decideStatement } from "./sql-statement-policy";

/** One statement to run, with where it came from (for error positions). */
export type PlannedStatement = { sql: string; offset: number; line: number };

/** What the sandbox worker runs, in order. */
export type SqlLoadStep =
  | { kind: "sql"; statements: PlannedStatement[] }
  | { kind: "copy"; statement: PlannedStatement; data: string; dataLine: number };

/** The checked dump: steps to run and how many statements of each fate it had. */
export type SqlLoadPlan = {
  steps: SqlLoadStep[];
  executed: number;
  ignored: number;
  copyBlocks: number;
};

// Statements are parsed in batches: one parser call per batch is much cheaper than one per
// statement, and the batch is cut at COPY (whose data must be read before going on).
const batchStatements = 500;
const batchCharacters = 1 << 20;
// psql meta-commands pg_dump writes since 17.6 / 16.10 around a dump; both are inert.
const inertMetaCommands = /^\\(restrict|unrestrict)\b/;

let parserReady: Promise<void> | null = null;

/**
 * Checks a whole dump before anything runs: splits it (psql's rules), parses every statement
 * with PostgreSQL's own parser (libpg-query, the PostgreSQL 18 grammar PGlite 0.5 runs),
 * proves the parser's statement boundaries are the splitter's, and applies the allow-list.
 * Throws PARSE_ERROR (syntax, truncation) or UNSUPPORTED_FILE (a refused statement) with the
 * 1-based line and column. Yields to the event loop between batches.
 */
export async function buildSqlLoadPlan(input: {
  text: string;
  signal?: AbortSignal;
}): Promise<SqlLoadPlan> {
  parserReady ??= loadModule();
  await parserReady;
  const scanner = new SqlDumpScanner({ text: input.text });
  const plan: SqlLoadPlan = { steps: [], executed: 0, ignored: 0, copyBlocks: 0 };
  let batch: SqlPiece[] = [];
  let batchSize = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const statements = checkBatch(batch, scanner, plan);
    if (statements.length > 0) plan.steps.push({ kind: "sql", statements });
    batch = [];
    batchSize = 0;
    throwIfCancelled(input.signal);
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (let item = scanner.next(); item !== null; item = scanner.next()) {
    if (item.kind === "meta") {
      checkMetaCommand(item);
      continue;
    }
    if (item.firstWord === "COPY") {
      await flush();
      const decision = decideStatement({ statement: parseOne(item, scanner) });
      if (decision.action !== "copy") throw refusal(decision, item);
      const { data, line } = scanner.readCopyData();
      const statement = { sql: decision.copySql, offset: item.offset, line: item.line };
      plan.steps.push({ kind: "copy", statement, data, dataLine: line });
      plan.copyBlocks++;
      continue;
    }
    batch.push(item);
    batchSize += item.text.length;
    if (batch.length >= batchStatements || batchSize >= batchCharacters) await flush();
  }
  await flush();
  return plan;
}

function checkMetaCommand(item: SqlMetaCommand) {
  if (inertMetaCommands.test(item.command)) return;
  const name = item.command.split(/\s/)[0];
  throw new EngineError(
    "UNSUPPORTED_FILE",
    `The psql command ${name} at line ${item.line} is not allowed in an uploaded SQL dump.`,
    { line: item.line, column: item.column, statement: name },
  );
}

/** Parses a batch in one call, checks its boundaries and decides every statement. */
function checkBatch(batch: SqlPiece[], scanner: SqlDumpScanner, plan: SqlLoadPlan) {
  const joined = `${batch.map((piece) => piece.text).join(";")};`;
  let parsed: ReturnType<typeof parseSync>;
  try {
    parsed = parseSync(joined);
  } catch {
    // Find the statement at fault and report it in its own terms.
    for (const piece of batch) parseOne(piece, scanner);
    throw new EngineError("PARSE_ERROR", "The SQL dump could not be parsed.", {});
  }
  const raw = parsed.stmts ?? [];
  const encoder = new TextEncoder();
  let separator = -1;
  const statements: PlannedStatement[] = [];
  for (let k = 0; k < batch.length; k++) {
    separator += encoder.encode(batch[k].text).length + 1;
    const found = raw[k];
    const start = found?.stmt_location ?? 0;
    // The parser must end statement k exactly at the k-th separator we inserted; otherwise
    // the splitter and PostgreSQL disagree about what a statement is, and nothing runs.
    if (!found || start + (found.stmt_len ?? 0) !== separator || raw.length !== batch.length) {
      const piece = batch[k];
      throw new EngineError(
        "UNSUPPORTED_FILE",
        `The statement at line ${piece.line} could not be delimited unambiguously.`,
        { line: piece.line, column: piece.column },
      );
    }
    const decision = decideStatement({ statement: found.stmt as unknown as AstNode });
    const piece = batch[k];
    if (decision.action === "reject" || decision.action === "copy") throw refusal(decision, piece);
    if (decision.action === "ignore") {
      plan.ignored++;
      continue;
    }
    plan.executed++;
    statements.push({ sql: piece.text, offset: piece.offset, line: piece.line });
  }
  return statements;
}

/** Parses one statement alone; a syntax error becomes PARSE_ERROR at its dump position. */
function parseOne(piece: SqlPiece, scanner: SqlDumpScanner): AstNode {
  let parsed: ReturnType<typeof parseSync>;
  try {
    parsed = parseSync(piece.text);
  } catch (error) {
    const details = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails;
    const cursor = details?.cursorPosition;
    const at =
      cursor === undefined
        ? { line: piece.line, column: piece.column }
        : scanner.positionOf(piece.offset + utf16Index(piece.text, cursor));
    const message = error instanceof Error ? error.message : String(error);
    throw parseError(`SQL syntax error at line ${at.line}, column ${at.column}: ${message}.`, at);
  }
  const statements = parsed.stmts ?? [];
  if (statements.length !== 1) {
    throw new EngineError(
      "UNSUPPORTED_FILE",
      `The statement at line ${piece.line} could not be delimited unambiguously.`,
      { line: piece.line, column: piece.column },
    );
  }
  return statements[0].stmt as unknown as AstNode;
}

function refusal(
  decision: { label: string; reason?: string; action: string },
  piece: SqlPiece,
): EngineError {
  const reason =
    decision.action === "copy" ? "COPY must read inline data (FROM stdin)" : decision.reason;
  return new EngineError(
    "UNSUPPORTED_FILE",
    `Statement not allowed in an uploaded SQL dump at line ${piece.line}: ${decision.label} (${reason}).`,
    { line: piece.line, column: piece.column, statement: decision.label },
  );
}

/** The parser reports 0-based code-point offsets; strings index UTF-16 units. */
function utf16Index(text: string, codePoints: number): number {
  let index = 0;
  for (let seen = 0; seen < codePoints && index < text.length; seen++) {
    const code = text.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return index;
}
