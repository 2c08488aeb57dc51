import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { type ModelMessage, streamText, type ToolSet } from "ai";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import { traceModelCall } from "@/lib/telemetry/model-call-span";
import { type ModelCall, reportedTokens } from "../contracts/model-call";

/**
 * One model turn: streams text deltas out as they come and returns the turn's tool calls and
 * response messages. Tools have no `execute`, so the turn ends at its tool calls.
 */
export async function runModelTurn(input: ModelTurnInput): Promise<ModelTurn> {
  // The turn's `chat {model}` span (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT).
  return traceModelCall(
    { model: input.model, purpose: "turn", usage: (turn: ModelTurn) => turn.call },
    () => streamModelTurn(input),
  );
}

type ModelTurnInput = {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  signal: AbortSignal;
  onText: (text: string) => void;
  /** The model's reasoning as it streams (providers that send it, local-rules when staged). */
  onReasoning?: (text: string) => void;
};

type ModelTurn = {
  text: string;
  toolCalls: PlannedToolCall[];
  responseMessages: ModelMessage[];
  /** The call as usage, budgets and traces count it. */
  call: ModelCall;
};

async function streamModelTurn(input: ModelTurnInput): Promise<ModelTurn> {
  const startedAt = new Date();
  const result = streamText({
    model: input.model,
    system: input.system,
    messages: input.messages,
    tools: input.tools,
    abortSignal: input.signal,
  });
  let text = "";
  for await (const part of result.fullStream) {
    if (part.type === "text-delta" && part.text) {
      text += part.text;
      input.onText(part.text);
    } else if (part.type === "reasoning-delta" && part.text) {
      input.onReasoning?.(part.text);
    } else if (part.type === "error") {
      throw part.error instanceof Error ? part.error : new Error(String(part.error));
    }
  }
  const [toolCalls, response, usage] = await Promise.all([
    result.toolCalls,
    result.response,
    result.totalUsage,
  ]);
  return {
    text,
    toolCalls: toolCalls.map((call) => ({
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      args: (call.input && typeof call.input === "object" ? call.input : {}) as Record<
        string,
        unknown
      >,
    })),
    responseMessages: response.messages,
    call: {
      purpose: "turn",
      model: input.model.modelId,
      startedAt,
      finishedAt: new Date(),
      ...reportedTokens(usage),
    },
  };
}
