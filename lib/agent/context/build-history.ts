import "server-only";
import type { ModelMessage } from "ai";
import { listRecentRunsWithMessages } from "@/lib/db/queries/runs";

/** How many earlier runs the model sees (SS-2); older ones stay stored and visible. */
export const historyRunWindow = 20;

type Part = { type?: string; text?: string };

/**
 * The conversation so far as model messages: user and assistant text of the last 20 runs. Tool
 * calls of earlier runs are not replayed; an unfinished run's partial text is marked as such so
 * it never reads as a conclusion (MEM-4).
 */
export async function buildHistory(input: {
  sessionId: string;
  runId: string;
}): Promise<ModelMessage[]> {
  const runs = await listRecentRunsWithMessages({
    sessionId: input.sessionId,
    beforeRunId: input.runId,
    limit: historyRunWindow,
  });
  const messages: ModelMessage[] = [];
  for (const run of runs) {
    for (const message of run.messages) {
      const text = ((message.parts ?? []) as Part[])
        .filter((part) => part.type === "text" && typeof part.text === "string")
        .map((part) => part.text)
        .join("\n");
      if (!text) continue;
      if (message.role === "user") messages.push({ role: "user", content: text });
      if (message.role === "assistant") {
        const unfinished = run.runStatus !== "completed";
        messages.push({
          role: "assistant",
          content: unfinished ? `[unfinished answer of an interrupted run]\n${text}` : text,
        });
      }
    }
  }
  return messages;
}
