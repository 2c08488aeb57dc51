import type { RecordedToolCall } from "@/lib/agent/run-phase-record";

// Tools whose arguments say nothing reusable (bookkeeping, state checks).
const bookkeepingTools = new Set(["register_session", "get_graph_info", "get_job_status"]);
const maxArgumentText = 80;

/**
 * Distilled, reusable experience from a completed run (MEM-1): which tools with which settings
 * answered a kind of question. Only succeeded calls count; no result figures or node lists go
 * in (MEM-3), so the item says how, never what was found. Null when nothing is worth keeping.
 */
export function distillKnowledge(input: {
  question: string;
  toolCalls: RecordedToolCall[];
}): string | null {
  const steps = input.toolCalls
    .filter((call) => call.status === "succeeded" && !bookkeepingTools.has(call.toolName))
    .map((call) => `${call.toolName}${describeArguments(call.args)}`);
  const unique = [...new Set(steps)];
  if (unique.length === 0) return null;
  const question = input.question.replace(/\s+/g, " ").trim().slice(0, 200);
  if (question.length < 8) return null;
  return `To answer "${question}", these steps worked: ${unique.join(" → ")}.`;
}

function describeArguments(args: Record<string, unknown>): string {
  const kept = Object.entries(args).filter(
    ([key, value]) =>
      !/(?:_ids?|ids|nodes?|source|target|query|seed)$/i.test(key) &&
      (typeof value === "string" || typeof value === "number" || typeof value === "boolean"),
  );
  if (kept.length === 0) return "";
  const text = kept.map(([key, value]) => `${key}=${String(value)}`).join(", ");
  return `(${text.slice(0, maxArgumentText)})`;
}
