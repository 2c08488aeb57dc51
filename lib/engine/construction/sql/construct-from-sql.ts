import { throwIfCancelled } from "../../cancel-signal";
import { EngineError } from "../../engine-error";
import type { GraphData } from "../../graph/graph-data";
import { readCatalog } from "./relational-catalog";
import { buildRelationalGraph } from "./relational-graph";
import { planRelationalGraph } from "./relational-rules";
import { type SqlSchemaSummary, summarizeRelationalGraph } from "./relational-summary";
import { SqlDumpScanner } from "./sql-dump-scanner";
import { buildSqlLoadPlan, type SqlLoadPlan } from "./sql-load-plan";
import { SandboxStatementFailure, withSqlSandbox } from "./sql-sandbox";

export type { SqlSchemaSummary } from "./relational-summary";

/** Limits and hooks of SQL construction. */
export type ConstructFromSqlInput = {
  text: string;
  /** Wall-clock limit for the sandbox (start, load, queries). Default 60 s. */
  timeoutMs?: number;
  /** Largest accepted dump in UTF-8 bytes. Default 64 MiB. */
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number, stage?: string) => void;
};

export const defaultSqlTimeoutMs = 60_000;
export const defaultSqlMaxBytes = 64 * 1024 * 1024;

/**
 * Builds a directed graph from a SQL dump (TC-4/TC-5): checks every statement first
 * (nothing runs if one is refused), loads the dump into an isolated in-memory PGlite in a
 * worker thread under a wall-clock limit, reads its catalog and applies the TC-5 rules.
 */
export async function constructFromSql(
  input: ConstructFromSqlInput,
): Promise<{ graph: GraphData; schemaSummary: SqlSchemaSummary }> {
  const { text, signal } = input;
  const maxBytes = input.maxBytes ?? defaultSqlMaxBytes;
  // UTF-8 needs at most 3 bytes per UTF-16 unit; only measure exactly near the limit.
  const bytes = text.length * 3 <= maxBytes ? text.length : new TextEncoder().encode(text).length;
  if (bytes > maxBytes) {
    throw new EngineError(
      "PAYLOAD_TOO_LARGE",
      `The SQL dump is ${bytes} bytes; the limit is ${maxBytes}.`,
      { bytes, maxBytes },
    );
  }
  throwIfCancelled(signal);
  input.onProgress?.(0, "checking statements");
  const loadPlan = await buildSqlLoadPlan({ text, signal });
  return withSqlSandbox({
    timeoutMs: input.timeoutMs ?? defaultSqlTimeoutMs,
    signal,
    onProgress: (fraction, stage) => input.onProgress?.(0.1 + 0.7 * fraction, stage),
    work: async (sandbox) => {
      try {
        await sandbox.load(loadPlan.steps);
      } catch (error) {
        throw statementError(error, loadPlan, text);
      }
      input.onProgress?.(0.8, "reading catalog");
      const plan = planRelationalGraph({ tables: await readCatalog({ sandbox }) });
      input.onProgress?.(0.85, "building graph");
      const { graph, edgeCounts } = await buildRelationalGraph({ sandbox, plan });
      const schemaSummary = summarizeRelationalGraph({
        graph,
        plan,
        edgeCounts,
        statements: {
          executed: loadPlan.executed,
          ignored: loadPlan.ignored,
          copyBlocks: loadPlan.copyBlocks,
        },
      });
      input.onProgress?.(1, "done");
      return { graph, schemaSummary };
    },
  });
}

/** A statement PostgreSQL refused while loading → PARSE_ERROR at its line in the dump. */
function statementError(error: unknown, plan: SqlLoadPlan, text: string): unknown {
  if (!(error instanceof SandboxStatementFailure)) return error;
  const failure = error.failure;
  const step = failure.step === undefined ? undefined : plan.steps[failure.step];
  const scanner = new SqlDumpScanner({ text });
  let at: { line: number; column?: number } = { line: 1 };
  if (step?.kind === "copy") {
    // PostgreSQL says "COPY t, line N": N counts the data lines.
    const dataLine = /line (\d+)/.exec(failure.where ?? "")?.[1];
    at = dataLine ? { line: step.dataLine + Number(dataLine) - 1 } : { line: step.statement.line };
  } else if (step && failure.statement !== undefined && failure.statement >= 0) {
    const statement = step.statements[failure.statement];
    const position = Number(failure.position);
    at =
      Number.isFinite(position) && position > 0
        ? scanner.positionOf(statement.offset + position - 1)
        : { line: statement.line };
  } else if (step?.kind === "sql") {
    at = { line: step.statements[0].line };
  }
  const detail = failure.detail ? ` ${failure.detail}` : "";
  return new EngineError(
    "PARSE_ERROR",
    `The SQL dump failed at line ${at.line}: ${failure.message}.${detail}`,
    { ...at, sqlState: failure.code },
  );
}
