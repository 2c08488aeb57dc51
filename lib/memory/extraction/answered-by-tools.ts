import type { StoredOutcome } from "@/lib/contracts/run-checkpoint";
import { toolRole } from "./tool-roles";

/** Whether a run's tools answered its question, and if not, why (in words, no names). */
export type ToolAnswer = { answered: true } | { answered: false; reason: string };

type JudgedCall = Pick<StoredOutcome, "toolName" | "status" | "envelope" | "errorCode">;

// The lists a tool answers with. A result whose every such list is empty found nothing, whatever
// else it echoes back (the query, the depth, `truncated: false`).
const resultLists = [
  "matches",
  "top",
  "scores",
  "values",
  "rows",
  "neighbours",
  "path",
  "paths",
  "communities",
  "pairs",
  "similar",
  "nodes",
  "edges",
  "predictions",
  "results",
  "items",
];

/**
 * A run answered its question from its tools when (MEM-3: learned knowledge comes only from such
 * runs): the run completed; it ran at least one call that is not bookkeeping; every such call
 * succeeded (none failed, was blocked, rejected or cancelled, and no job was left unfinished);
 * and every such call's result found something — it does not say `found: false` or `total: 0`,
 * and it does not answer with result lists (matches, top, rows, neighbours, path, …) that are all
 * empty. So a path question whose nodes do not exist (a search with no match, a NODE_NOT_FOUND,
 * "no path") did not answer, even when the run completed with a polite answer.
 */
export function answeredByTools(input: { runStatus: string; toolCalls: JudgedCall[] }): ToolAnswer {
  if (input.runStatus !== "completed") {
    return { answered: false, reason: `the run ended ${input.runStatus}` };
  }
  const calls = input.toolCalls.filter((call) => toolRole(call.toolName).kind !== "bookkeeping");
  if (calls.length === 0) return { answered: false, reason: "no tool ran" };
  for (const call of calls) {
    const envelope = call.envelope;
    if (call.status !== "succeeded" || !envelope?.success) {
      const code = call.errorCode ?? envelope?.error_code;
      const ending = call.status === "succeeded" ? "failed" : call.status;
      return { answered: false, reason: `${call.toolName} ${ending}${code ? ` (${code})` : ""}` };
    }
    if (envelope.async === true) {
      return { answered: false, reason: `${call.toolName} left its job unfinished` };
    }
    if (foundNothing(envelope.data)) {
      return { answered: false, reason: `${call.toolName} found nothing` };
    }
  }
  return { answered: true };
}

function foundNothing(data: unknown): boolean {
  if (data === undefined || data === null) return true;
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data !== "object") return false;
  const result = data as Record<string, unknown>;
  if (result.found === false || result.total === 0) return true;
  const lists = resultLists.map((key) => result[key]).filter((value) => Array.isArray(value));
  return lists.length > 0 && lists.every((list) => (list as unknown[]).length === 0);
}
