import { SpanKind } from "@opentelemetry/api";
import { recordSpanError } from "./record-span-error";
import { runScopeAttributes } from "./run-phase-span";
import { genAi, genAiOperation, workbench } from "./span-attributes";
import { tracingStarted } from "./start-tracing";
import { workbenchTracer } from "./workbench-tracer";

/**
 * The GenAI provider name of an AI SDK model: the part of its `provider` before the first dot
 * (`openai.chat` → `openai`; a compatible endpoint's configured name; `local` for local-rules).
 */
export function genAiProviderName(provider: string): string {
  return provider.split(".")[0] || provider;
}

/**
 * One model call as a `chat {model}` CLIENT span (GenAI conventions) under the active run: the
 * model and provider, the tokens the provider reported (0 when it reported none), and an error
 * status when the call failed. With tracing off it only makes the call.
 */
export async function traceModelCall<T>(
  input: {
    model: { provider: string; modelId: string };
    purpose: "turn" | "memory_extraction";
    /** The tokens of a finished call, read from its result. */
    usage: (result: T) => { inputTokens: number; outputTokens: number };
  },
  call: () => Promise<T>,
): Promise<T> {
  if (!tracingStarted()) return call();
  const provider = genAiProviderName(input.model.provider);
  return workbenchTracer().startActiveSpan(
    `${genAiOperation.chat} ${input.model.modelId}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [genAi.operationName]: genAiOperation.chat,
        [genAi.providerName]: provider,
        [genAi.system]: provider,
        [genAi.requestModel]: input.model.modelId,
        [workbench.modelCallPurpose]: input.purpose,
        ...runScopeAttributes(),
      },
    },
    async (span) => {
      try {
        const result = await call();
        const usage = input.usage(result);
        span.setAttributes({
          [genAi.inputTokens]: usage.inputTokens,
          [genAi.outputTokens]: usage.outputTokens,
        });
        return result;
      } catch (error) {
        recordSpanError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
