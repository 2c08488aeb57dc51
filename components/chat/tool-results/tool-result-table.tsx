"use client";

import { useId, useState } from "react";
import type { ToolCardState } from "@/hooks/api/run-view";
import { downloadBlob, fileNameFrom } from "../../format/download-file";
import { resultTableCsv } from "./result-table-csv";
import { type ResultTable, type TableCell, toolResultTables } from "./tool-result-tables";

// A ranking of 1,000 rows would push the answer off screen; the first rows answer most
// questions and the rest are one click away.
const collapsedRowCount = 10;

function formatCell(value: TableCell): string {
  if (value === null) return "—";
  if (typeof value === "number") {
    if (Number.isInteger(value)) return value.toLocaleString("en-US");
    return Math.abs(value) >= 1e-3 && Math.abs(value) < 1e6
      ? value.toFixed(4).replace(/0+$/, "").replace(/\.$/, "")
      : value.toPrecision(4);
  }
  return String(value);
}

function OneTable({ table, toolName }: { table: ResultTable; toolName: string }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? table.rows : table.rows.slice(0, collapsedRowCount);
  const hidden = table.rows.length - shown.length;
  const more =
    table.total !== null && table.total > table.rows.length
      ? ` of ${table.total.toLocaleString("en-US")}`
      : "";
  return (
    <div className="mt-2 overflow-x-auto" data-testid="tool-result-table" data-table={table.key}>
      <table className="min-w-full border-collapse text-xs">
        <caption className="pb-1 text-left font-medium text-slate-700">
          {table.caption} ({table.rows.length.toLocaleString("en-US")}
          {more} rows{table.truncated && !more ? ", cut" : ""})
        </caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b border-slate-200 px-2 py-1 text-left font-semibold text-slate-700"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            // Rows have no id of their own; their position is stable for one result.
            // biome-ignore lint/suspicious/noArrayIndexKey: a result's rows never reorder
            <tr key={index} className="odd:bg-slate-50">
              {row.map((cell, column) => (
                <td
                  key={table.columns[column]}
                  className={`px-2 py-0.5 ${typeof cell === "number" ? "text-right tabular-nums" : ""}`}
                >
                  {formatCell(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="mt-1 mr-3 text-xs text-sky-800 underline"
        onClick={() =>
          downloadBlob({
            blob: new Blob([resultTableCsv(table)], { type: "text/csv;charset=utf-8" }),
            name: fileNameFrom({ text: `${toolName}-${table.caption}`, extension: "csv" }),
          })
        }
        aria-label={`Download the ${table.caption.toLowerCase()} table as CSV`}
        data-testid="tool-result-table-download-csv"
      >
        Download CSV
      </button>
      {hidden > 0 || expanded ? (
        <button
          type="button"
          className="mt-1 text-xs text-sky-800 underline"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
        >
          {expanded ? "Show fewer rows" : `Show all ${table.rows.length} rows`}
        </button>
      ) : null}
    </div>
  );
}

/** A table the answer restates (a ranking, rows), folded to one line that opens it. */
function FoldedTable({ table, toolName }: { table: ResultTable; toolName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-1" data-testid="tool-result-table-folded" data-table={table.key}>
      <button
        type="button"
        className="text-xs text-sky-800 underline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="tool-result-table-toggle"
      >
        {open ? "Hide" : "Show"} the tool's {table.caption.toLowerCase()} table (
        {table.rows.length.toLocaleString("en-US")} rows; the answer shows it below)
      </button>
      <div id={panelId}>{open ? <OneTable table={table} toolName={toolName} /> : null}</div>
    </div>
  );
}

/**
 * A succeeded analysis result as tables (rankings, pairs, metrics, SQL rows), if it has any.
 * With `foldLists` (the answer shows its own table) lists and rows fold to one line, so the
 * reader meets a ranking once; metrics stay open.
 */
export function ToolResultTable({
  card,
  foldLists = false,
}: {
  card: ToolCardState;
  foldLists?: boolean;
}) {
  if (card.status !== "succeeded" || !card.result) return null;
  const tables = toolResultTables({ toolName: card.toolName, data: card.result.data });
  const args = card.args;
  const sql = card.toolName === "query_graph" && typeof args?.sql === "string" ? args.sql : null;
  if (tables.length === 0 && !sql) return null;
  return (
    <div data-testid="tool-result-tables">
      {sql && !foldLists ? (
        <pre
          className="mt-2 overflow-x-auto rounded bg-slate-900 p-2 font-mono text-[11px] text-slate-100"
          data-testid="tool-result-sql"
        >
          {sql}
        </pre>
      ) : null}
      {tables.map((table) =>
        foldLists && table.key !== "metrics" ? (
          <FoldedTable key={table.key} table={table} toolName={card.toolName} />
        ) : (
          <OneTable key={table.key} table={table} toolName={card.toolName} />
        ),
      )}
    </div>
  );
}
