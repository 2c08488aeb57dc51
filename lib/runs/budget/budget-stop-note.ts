import { budgetName } from "@/lib/contracts/run-budget";
import type { BudgetExceeded } from "./decide-budget";

/** One tool call as the note lists it; `started` false: the stop came before it ran. */
export type NotedToolCall = {
  toolName: string;
  status: string;
  summary: string | null;
  started: boolean;
};

/**
 * What a run stopped by its budget adds to its answer: which budget ended it, and what was done
 * before — each tool call with how it ended and what it found — so the partial work is not lost
 * on a reader who only sees the answer.
 */
export function budgetStopNote(input: {
  exceeded: BudgetExceeded;
  toolCalls: readonly NotedToolCall[];
}): string {
  const { exceeded } = input;
  const lines = [
    `Stopped: ${budgetName(exceeded.budget, exceeded.limit)} reached (${usedText(exceeded)}).`,
  ];
  // A call the stop cut short was started but not done: it is named apart, not counted as work.
  const done = input.toolCalls.filter((call) => call.started && call.status !== "cancelled");
  const cut = input.toolCalls.filter((call) => call.started && call.status === "cancelled");
  const notStarted = input.toolCalls.filter((call) => !call.started);
  if (done.length === 0) {
    lines.push("No tool finished before the stop.");
  } else {
    lines.push(`Done before the stop (${done.length} tool call${done.length === 1 ? "" : "s"}):`);
    for (const call of done) {
      const found = call.summary ? `: ${call.summary}` : "";
      lines.push(`- ${call.toolName} (${call.status})${found}`);
    }
  }
  if (cut.length > 0) {
    lines.push(`Cancelled by the stop: ${cut.map((call) => call.toolName).join(", ")}.`);
  }
  if (notStarted.length > 0) {
    lines.push(`Not started: ${notStarted.map((call) => call.toolName).join(", ")}.`);
  }
  return lines.join("\n");
}

function usedText(exceeded: BudgetExceeded): string {
  if (exceeded.budget === "tool_calls") {
    return `${exceeded.used} tool call${exceeded.used === 1 ? "" : "s"} ran`;
  }
  if (exceeded.budget === "seconds") return `${exceeded.used} s used`;
  return `${exceeded.used} tokens used`;
}
