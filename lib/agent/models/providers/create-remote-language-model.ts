import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { RemoteModelProtocol } from "@/lib/agent/models/catalogue/model-catalogue-entry";

/**
 * Builds the AI SDK model for a remote protocol. Nothing here touches the network: providers
 * only send a request when the runtime calls the model.
 */
export function createRemoteLanguageModel(input: {
  protocol: RemoteModelProtocol;
  provider: string;
  baseUrl: string;
  apiKey: string;
  remoteModelId: string;
}): LanguageModelV3 {
  switch (input.protocol) {
    case "openai_chat":
      // `.chat()` speaks Chat Completions, which self-hosted servers (vLLM, Ollama, DashScope
      // compatible mode) understand; the default `openai(id)` would call /responses.
      return createOpenAI({ baseURL: input.baseUrl, apiKey: input.apiKey }).chat(
        input.remoteModelId,
      );
    case "openai_responses":
      return createOpenAI({ baseURL: input.baseUrl, apiKey: input.apiKey })(input.remoteModelId);
    case "openai_compatible":
      // includeUsage asks for the final usage chunk when streaming, so runs can account tokens.
      return createOpenAICompatible({
        name: input.provider,
        baseURL: input.baseUrl,
        apiKey: input.apiKey,
        includeUsage: true,
      })(input.remoteModelId);
  }
}
