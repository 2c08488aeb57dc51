import { formatValue, isScalar, safeJson } from "./format-value";
import type { ReportBlock } from "./report-block";

/** Rows a table (or facts list) shows before saying how many were left out. */
export const maxRows = 50;
const maxColumns = 10;
/** Nesting shown as sub-headings; deeper values are shown as JSON. */
const maxDepth = 3;

type Json = Record<string, unknown>;

/**
 * Turns one raw tool result into report blocks by its shape, not by tool name, so results of
 * any tool read well: scalar fields become a facts list, lists of records (top-k rankings,
 * communities with sizes, matches) become tables with a rank column, id sequences under a
 * "path" key become paths. MCP envelopes are unwrapped first, and a failed call says so.
 */
export function resultBlocks({ result }: { result: unknown }): ReportBlock[] {
  const unwrapped = unwrapEnvelope(result);
  if (unwrapped.failure) return [{ kind: "paragraph", text: unwrapped.failure, tone: "error" }];
  const blocks = valueBlocks(unwrapped.value, "", 0);
  const [first, ...rest] = blocks;
  // The envelope's status reads best in the same facts table as the result's own fields.
  if (unwrapped.rows.length > 0 && first?.kind === "facts") {
    return [{ ...first, rows: [...unwrapped.rows, ...first.rows] }, ...rest];
  }
  return unwrapped.rows.length > 0 ? [{ kind: "facts", rows: unwrapped.rows }, ...blocks] : blocks;
}

/** Peels `{structuredContent}` and `{success, data}` wrappers off a tool result. */
function unwrapEnvelope(result: unknown): {
  value: unknown;
  rows: [string, string][];
  failure?: string;
} {
  let value = result;
  if (isRecord(value) && isRecord(value.structuredContent)) value = value.structuredContent;
  if (!isRecord(value) || typeof value.success !== "boolean") return { value, rows: [] };
  if (!value.success) {
    const code = typeof value.error_code === "string" ? value.error_code : "ERROR";
    const message = typeof value.message === "string" ? value.message : "no message";
    return { value: null, rows: [], failure: `The call failed: ${code} — ${message}` };
  }
  const rows: [string, string][] = [];
  for (const key of ["status", "async", "job_id", "message"]) {
    if (value[key] !== undefined) rows.push([key, formatValue({ value: value[key] })]);
  }
  return { value: value.data, rows };
}

function valueBlocks(value: unknown, key: string, depth: number): ReportBlock[] {
  if (value === undefined) return [];
  if (isScalar(value)) return [{ kind: "paragraph", text: formatValue({ value }) }];
  if (Array.isArray(value)) return arrayBlocks(value, key);
  if (isRecord(value)) return recordBlocks(value, depth);
  return [{ kind: "code", text: safeJson(value, 2) }];
}

function recordBlocks(record: Json, depth: number): ReportBlock[] {
  const facts: [string, string][] = [];
  const nested: ReportBlock[] = [];
  for (const [key, item] of Object.entries(record)) {
    if (item === undefined) continue;
    if (isScalar(item)) {
      facts.push([key, formatValue({ value: item })]);
    } else if (Array.isArray(item) && item.every(isScalar) && !isPathKey(key)) {
      facts.push([key, formatValue({ value: item })]);
    } else if (Array.isArray(item) && item.every(isScalar)) {
      nested.push(...arrayBlocks(item, key));
    } else if (depth + 1 >= maxDepth && !Array.isArray(item)) {
      facts.push([key, formatValue({ value: item })]);
    } else {
      nested.push({ kind: "heading", text: key }, ...valueBlocks(item, key, depth + 1));
    }
  }
  const blocks: ReportBlock[] = [];
  if (facts.length > 0) {
    const note = facts.length > maxRows ? shownNote(maxRows, facts.length, "fields") : undefined;
    blocks.push({ kind: "facts", rows: facts.slice(0, maxRows), note });
  }
  return [...blocks, ...nested];
}

function arrayBlocks(items: unknown[], key: string): ReportBlock[] {
  if (items.length === 0) return [{ kind: "paragraph", text: "(empty)" }];
  if (items.every(isScalar)) {
    const texts = items.map((item) => formatValue({ value: item }));
    const note = texts.length > maxRows ? shownNote(maxRows, texts.length, "items") : undefined;
    if (isPathKey(key)) return [{ kind: "path", label: key, nodes: texts.slice(0, maxRows), note }];
    return [{ kind: "list", label: key, items: texts.slice(0, maxRows), note }];
  }
  if (isPathKey(key) && items.every((item) => Array.isArray(item) && item.every(isScalar))) {
    return (items as unknown[][]).slice(0, maxRows).map((path, index) => ({
      kind: "path" as const,
      label: `${key} ${index + 1}`,
      nodes: path.slice(0, maxRows).map((node) => formatValue({ value: node })),
      note: path.length > maxRows ? shownNote(maxRows, path.length, "nodes") : undefined,
    }));
  }
  if (items.every(isRecord)) return [recordTable(items as Json[])];
  return [{ kind: "code", text: safeJson(items.slice(0, maxRows), 2) }];
}

/** A table over the union of the records' keys (first-seen order) with a leading rank column. */
function recordTable(records: Json[]): ReportBlock {
  const columns: string[] = [];
  const known = new Set<string>();
  for (const record of records.slice(0, maxRows)) {
    for (const key of Object.keys(record)) {
      if (!known.has(key) && columns.length < maxColumns) {
        known.add(key);
        columns.push(key);
      }
    }
  }
  const rows = records
    .slice(0, maxRows)
    .map((record, index) => [
      String(index + 1),
      ...columns.map((column) => formatValue({ value: record[column] })),
    ]);
  const notes: string[] = [];
  if (records.length > maxRows) notes.push(shownNote(maxRows, records.length, "rows"));
  if (records.some((record) => Object.keys(record).some((key) => !known.has(key)))) {
    notes.push(`Only the first ${maxColumns} columns are shown.`);
  }
  return {
    kind: "table",
    columns: ["#", ...columns],
    rows,
    note: notes.length > 0 ? notes.join(" ") : undefined,
  };
}

function isPathKey(key: string): boolean {
  return /path/i.test(key);
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shownNote(shown: number, total: number, noun: string): string {
  return `Showing ${shown} of ${total} ${noun}.`;
}
