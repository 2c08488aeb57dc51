// The one-line summary a `tool_completed` event carries. The client rebuilds it from a run
// snapshot after a reload, so both sides must compute it the same way: it is part of the contract.
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/** Longest summary a `tool_completed` event carries; the full result lives in the run record. */
export const maxSummaryLength = 160;

const maxDescribedKeys = 4;
const maxValueLength = 32;

/**
 * One line for `tool_completed.summary`: the envelope's message when it has one, else a compact
 * description of its data (`nodes=34, edges=78, top[10]`). Only the top level of `data` is looked
 * at, so the cost does not grow with the size of a result.
 */
export function summarizeEnvelope(input: { envelope: ToolEnvelope }): string {
  const { envelope } = input;
  const message = envelope.message?.trim();
  if (message) return clip(firstLine(message), maxSummaryLength);
  if (!envelope.success) return envelope.error_code ?? envelope.status;
  if (envelope.async && envelope.job_id) return `job ${envelope.job_id} ${envelope.status}`;
  const described = describeData(envelope.data);
  return described === "" ? envelope.status : clip(described, maxSummaryLength);
}

function describeData(data: unknown): string {
  if (data === undefined || data === null) return "";
  if (Array.isArray(data)) return `${data.length} ${data.length === 1 ? "item" : "items"}`;
  if (typeof data !== "object") return clip(firstLine(String(data)), maxValueLength);
  const parts: string[] = [];
  let keyCount = 0;
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    keyCount += 1;
    if (parts.length < maxDescribedKeys) {
      parts.push(describeEntry(key, (data as Record<string, unknown>)[key]));
    }
  }
  if (keyCount > maxDescribedKeys) parts.push("…");
  return parts.join(", ");
}

function describeEntry(key: string, value: unknown): string {
  if (Array.isArray(value)) return `${key}[${value.length}]`;
  if (value !== null && typeof value === "object") return `${key}{…}`;
  if (typeof value === "number" && !Number.isInteger(value)) {
    return `${key}=${Number(value.toPrecision(4))}`;
  }
  return `${key}=${clip(firstLine(String(value)), maxValueLength)}`;
}

function firstLine(text: string): string {
  const newline = text.indexOf("\n");
  return newline < 0 ? text : `${text.slice(0, newline).trimEnd()} …`;
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
