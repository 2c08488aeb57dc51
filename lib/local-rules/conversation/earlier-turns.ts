import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";

/** One earlier question of the conversation and the answer it got (empty when it got none). */
export type EarlierTurn = { question: string; answer: string };

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) =>
      typeof part === "object" && part !== null && (part as { type?: string }).type === "text"
        ? String((part as { text?: unknown }).text ?? "")
        : "",
    )
    .join("\n");
}

/**
 * The conversation before the question being asked, oldest first, as the runtime replays it
 * from the database (the history window of earlier runs' questions and answers). The answers are
 * what the model itself wrote, so it can read back which nodes they named; a question whose run
 * left no answer keeps an empty one.
 */
export function readEarlierTurns(messages: LanguageModelV3CallOptions["prompt"]): EarlierTurn[] {
  const turns: EarlierTurn[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      turns.push({ question: textOf(message.content).trim(), answer: "" });
    } else if (message.role === "assistant" && turns.length > 0) {
      const last = turns[turns.length - 1];
      const text = textOf(message.content).trim();
      if (text) last.answer = last.answer ? `${last.answer}\n${text}` : text;
    }
  }
  return turns.filter((turn) => turn.question !== "");
}
