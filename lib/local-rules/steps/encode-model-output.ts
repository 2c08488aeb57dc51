import type {
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import type { ModelDecision } from "../decide-next-step";

/** A decision with its ids assigned: what one model turn outputs. */
export type EncodedTurn = {
  responseId: string;
  textId: string;
  text?: string;
  reasoningId: string;
  reasoning?: string;
  toolCalls: { toolCallId: string; toolName: string; input: string }[];
  finishReason: LanguageModelV3FinishReason;
  usage: LanguageModelV3Usage;
};

/**
 * Tool-call ids are deterministic and unique within a run (`lr-<runKey>-<turn>-<index>`): the
 * same prompt always yields the same ids, and the run key keeps other runs' ids apart.
 */
export function localRulesToolCallId(input: {
  runKey: string;
  turn: number;
  index: number;
}): string {
  return `lr-${input.runKey}-${input.turn}-${input.index}`;
}

// Nothing is tokenised offline, so nothing is counted: usage reports 0 tokens rather than an
// estimate, and the run's usage still counts each of these turns as a model call.
const noTokens: LanguageModelV3Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** Ids, JSON-string inputs, finish reason and usage for one decision. */
export function encodeTurn(input: {
  decision: ModelDecision;
  runKey: string;
  turn: number;
}): EncodedTurn {
  const { decision, runKey, turn } = input;
  const toolCalls = decision.calls.map((call, index) => ({
    toolCallId: localRulesToolCallId({ runKey, turn, index }),
    toolName: call.toolName,
    input: JSON.stringify(call.input),
  }));
  const unified = toolCalls.length > 0 ? "tool-calls" : "stop";
  return {
    responseId: `lr-response-${runKey}-${turn}`,
    textId: `lr-text-${runKey}-${turn}`,
    text: decision.text,
    reasoningId: `lr-reasoning-${runKey}-${turn}`,
    reasoning: decision.reasoning,
    toolCalls,
    finishReason: { unified, raw: unified },
    usage: noTokens,
  };
}

/** The content of a doGenerate result. */
export function toGenerateContent(turn: EncodedTurn): LanguageModelV3Content[] {
  const content: LanguageModelV3Content[] = [];
  if (turn.reasoning) content.push({ type: "reasoning", text: turn.reasoning });
  if (turn.text) content.push({ type: "text", text: turn.text });
  for (const call of turn.toolCalls) content.push({ type: "tool-call", ...call });
  return content;
}

/**
 * Splits text into word-aligned chunks of about `size` characters, so a stream carries several
 * deltas like a real model's, and joining them gives the text back exactly.
 */
export function splitIntoDeltas(text: string, size = 48): string[] {
  const chunks: string[] = [];
  let current = "";
  for (const piece of text.split(/(?<=\s)/)) {
    if (current.length > 0 && current.length + piece.length > size) {
      chunks.push(current);
      current = "";
    }
    current += piece;
    // A piece longer than the chunk size (e.g. Chinese text without spaces) is cut as well.
    while (current.length > size) {
      chunks.push(current.slice(0, size));
      current = current.slice(size);
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The parts of a doStream result, in the order a provider emits them. */
export function toStreamParts(turn: EncodedTurn): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: turn.responseId, modelId: "local-rules" },
  ];
  // Reasoning comes first, as a reasoning model streams it: what was checked, then the rest.
  if (turn.reasoning) {
    parts.push({ type: "reasoning-start", id: turn.reasoningId });
    for (const delta of splitIntoDeltas(turn.reasoning)) {
      parts.push({ type: "reasoning-delta", id: turn.reasoningId, delta });
    }
    parts.push({ type: "reasoning-end", id: turn.reasoningId });
  }
  if (turn.text) {
    parts.push({ type: "text-start", id: turn.textId });
    for (const delta of splitIntoDeltas(turn.text)) {
      parts.push({ type: "text-delta", id: turn.textId, delta });
    }
    parts.push({ type: "text-end", id: turn.textId });
  }
  for (const call of turn.toolCalls) {
    parts.push({ type: "tool-input-start", id: call.toolCallId, toolName: call.toolName });
    for (const delta of splitIntoDeltas(call.input, 64)) {
      parts.push({ type: "tool-input-delta", id: call.toolCallId, delta });
    }
    parts.push({ type: "tool-input-end", id: call.toolCallId });
    parts.push({ type: "tool-call", ...call });
  }
  parts.push({ type: "finish", usage: turn.usage, finishReason: turn.finishReason });
  return parts;
}
