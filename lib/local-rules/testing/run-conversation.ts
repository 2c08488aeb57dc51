import type { JSONValue } from "@ai-sdk/provider";
import { generateText, type ModelMessage, streamText, type Tool, type ToolResultPart } from "ai";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import {
  type LocalRulesSessionState,
  renderSessionStateBlock,
} from "@/lib/contracts/session-state-block";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { createLocalRulesModel } from "../create-local-rules-model";
import { engineToolSet } from "./engine-tool-set";

/** A tool call as the AI SDK returned it from one model turn. */
export type ObservedCall = { toolCallId: string; toolName: string; input: Record<string, unknown> };

/** One model turn: its text, reasoning and tool calls. */
export type ObservedTurn = {
  text: string;
  reasoning: string;
  calls: ObservedCall[];
  finishReason: string;
};

/** What the fake engine returns for a call: a tool-result output. */
export type EngineOutput = ToolResultPart["output"];

/** Answers the model's tool calls in tests (a real query engine answers asynchronously). */
export type FakeEngine = (call: ObservedCall) => EngineOutput | Promise<EngineOutput>;

/** A successful envelope. */
export function ok(data: JSONValue, message?: string): EngineOutput {
  return {
    type: "json",
    value: {
      success: true,
      status: "completed",
      data,
      async: false,
      ...(message ? { message } : {}),
    },
  };
}

/** A failed envelope with a code. */
export function fail(code: ErrorCode, message: string, data?: JSONValue): EngineOutput {
  return { type: "json", value: failedEnvelope({ code, message, data }) as JSONValue };
}

/** The system prompt the runtime sends: instructions plus the session-state block. */
export function systemPrompt(state: LocalRulesSessionState | null): string {
  const block = state ? `\n\n${renderSessionStateBlock(state)}` : "";
  return `You are the graph workbench agent. Verify the graph state before analysing.${block}`;
}

/**
 * Drives the local-rules model like the runtime does: one model turn at a time through
 * generateText (or streamText), tools without execute, the fake engine's results appended as a
 * tool message, until the model answers without tool calls.
 */
export async function runConversation(input: {
  question: string;
  state: LocalRulesSessionState | null;
  engine: FakeEngine;
  mode?: "generate" | "stream";
  tools?: Record<string, Tool>;
  history?: ModelMessage[];
  maxTurns?: number;
}): Promise<{ turns: ObservedTurn[]; answer: string; messages: ModelMessage[] }> {
  const model = createLocalRulesModel();
  const tools = input.tools ?? engineToolSet();
  const messages: ModelMessage[] = [
    ...(input.history ?? []),
    { role: "user", content: input.question },
  ];
  const turns: ObservedTurn[] = [];
  for (let turn = 0; turn < (input.maxTurns ?? 15); turn++) {
    const request = { model, system: systemPrompt(input.state), messages, tools };
    const step =
      input.mode === "stream"
        ? await (async () => {
            const result = streamText(request);
            return {
              text: await result.text,
              reasoningText: await result.reasoningText,
              toolCalls: await result.toolCalls,
              finishReason: await result.finishReason,
              response: await result.response,
            };
          })()
        : await generateText(request);
    const calls = step.toolCalls.map((call) => {
      if (call.dynamic)
        throw new Error(`invalid tool call ${call.toolName}: ${String(call.error)}`);
      return {
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.input as Record<string, unknown>,
      };
    });
    turns.push({
      text: step.text,
      reasoning: step.reasoningText ?? "",
      calls,
      finishReason: step.finishReason,
    });
    messages.push(...step.response.messages);
    if (calls.length === 0) {
      return { turns, answer: turns.map((item) => item.text).join(""), messages };
    }
    const outputs = await Promise.all(calls.map((call) => input.engine(call)));
    messages.push({
      role: "tool",
      content: calls.map((call, index) => ({
        type: "tool-result" as const,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: outputs[index],
      })),
    });
  }
  throw new Error("the model did not answer within the turn limit");
}
