import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { decideNextStep } from "./decide-next-step";
import { readPrompt } from "./reading/read-prompt";
import { encodeTurn, toGenerateContent, toStreamParts } from "./steps/encode-model-output";

function turnFor(options: LanguageModelV3CallOptions) {
  options.abortSignal?.throwIfAborted();
  const reading = readPrompt({ prompt: options.prompt, tools: options.tools });
  const decision = decideNextStep({ reading });
  return encodeTurn({
    decision,
    runKey: reading.runKey,
    turn: reading.turn,
  });
}

/**
 * The offline, deterministic `local-rules` model (AF-4): an AI SDK 6 LanguageModelV3 that reads
 * the last user message, the `<session_state>` block of the system prompt and this question's
 * tool results, and answers with real tool calls or with an answer written from those results.
 * No network, no randomness: the same prompt always gives the same output.
 */
export function createLocalRulesModel(): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: "local",
    modelId: "local-rules",
    supportedUrls: {},
    async doGenerate(options) {
      const turn = turnFor(options);
      return {
        content: toGenerateContent(turn),
        finishReason: turn.finishReason,
        usage: turn.usage,
        warnings: [],
        response: { id: turn.responseId, modelId: "local-rules" },
      };
    },
    async doStream(options) {
      const parts = toStreamParts(turnFor(options));
      const stream = new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      });
      return { stream };
    },
  };
}
