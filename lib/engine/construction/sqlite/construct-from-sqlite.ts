import { throwIfCancelled } from "../../cancel-signal";
import { EngineError } from "../../engine-error";
import type { GraphData } from "../../graph/graph-data";
import { buildRelationalGraph } from "../sql/relational-graph";
import { planRelationalGraph } from "../sql/relational-rules";
import { type SqlSchemaSummary, summarizeRelationalGraph } from "../sql/relational-summary";
import { openSqliteDatabase } from "./open-sqlite-database";
import { readSqliteCatalog } from "./read-sqlite-catalog";
import { sqliteRowSource } from "./sqlite-row-source";

/**
 * Builds a directed graph from a SQLite database file with the same rules as a `.sql` dump
 * (TC-5): rows of keyed tables are nodes `<table>:<key>` labelled by a name/title column, foreign
 * keys are edges to the referenced row, link tables are edges carrying their other columns. Only
 * tables are read (no view, trigger or SQL of the file runs). A file SQLite cannot read is
 * PARSE_ERROR naming the table it failed on (or the file's header).
 */
export async function constructFromSqlite(input: {
  bytes: Uint8Array;
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number, stage?: string) => void;
}): Promise<{ graph: GraphData; schemaSummary: SqlSchemaSummary }> {
  const database = await openSqliteDatabase({ bytes: input.bytes, maxBytes: input.maxBytes });
  let element = "sqlite_master";
  try {
    input.onProgress?.(0.1, "reading catalog");
    const plan = planRelationalGraph({ tables: readSqliteCatalog({ database }) });
    throwIfCancelled(input.signal);
    input.onProgress?.(0.3, "building graph");
    const rows = sqliteRowSource({ database });
    const { graph, edgeCounts } = await buildRelationalGraph({
      plan,
      rows: {
        readRows: (request) => {
          element = request.table.name;
          throwIfCancelled(input.signal);
          return rows.readRows(request);
        },
      },
    });
    input.onProgress?.(1, "done");
    return { graph, schemaSummary: summarizeRelationalGraph({ graph, plan, edgeCounts }) };
  } catch (error) {
    if (EngineError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new EngineError(
      "PARSE_ERROR",
      `The SQLite file could not be read (table ${element}): ${reason}.`,
      { element },
    );
  } finally {
    database.close();
  }
}
