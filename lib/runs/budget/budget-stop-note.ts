import { budgetName } from "@/lib/contracts/run-budget";
import type { BudgetExceeded } from "./decide-budget";

/** One tool call as the note lists it. */
export type NotedToolCall = { toolName: string; status: string; summary: string | null };

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
  if (input.toolCalls.length === 0) {
    lines.push("No tool ran before the stop.");
  } else {
    const count = input.toolCalls.length;
    lines.push(`Done before the stop (${count} tool call${count === 1 ? "" : "s"}):`);
    for (const call of input.toolCalls) {
      const found = call.summary ? `: ${call.summary}` : "";
      lines.push(`- ${call.toolName} (${call.status})${found}`);
    }
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
