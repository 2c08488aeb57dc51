import "server-only";
import type { ModelMessage } from "ai";
import { listRecentRunsWithMessages } from "@/lib/db/queries/runs";
import { unfinishedAnswerExcerpt, unfinishedRunStatuses } from "./interrupted-run-preview";

/** How many earlier runs the model sees (SS-2); older ones stay stored and visible. */
export const historyRunWindow = 20;

type Part = { type?: string; text?: string };

/**
 * The conversation so far as model messages: user and assistant text of the last 20 runs. Tool
 * calls of earlier runs are not replayed. An unfinished run's answer never reads as a conclusion
 * (MEM-4): the previous run's is carried by the interrupted-run preview in the system prompt
 * (bounded and labelled there), so it is left out here; an older one is a labelled excerpt.
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
  for (const [index, run] of runs.entries()) {
    const unfinished = run.runStatus !== "completed";
    const previewed = index === runs.length - 1 && unfinishedRunStatuses.has(run.runStatus);
    for (const message of run.messages) {
      const text = ((message.parts ?? []) as Part[])
        .filter((part) => part.type === "text" && typeof part.text === "string")
        .map((part) => part.text)
        .join("\n");
      if (!text) continue;
      if (message.role === "user") messages.push({ role: "user", content: text });
      if (message.role === "assistant" && !previewed) {
        messages.push({
          role: "assistant",
          content: unfinished ? unfinishedAnswerExcerpt({ text }) : text,
        });
      }
    }
  }
  return messages;
}
