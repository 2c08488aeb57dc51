import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { generateText, Output } from "ai";
import { type ModelCall, reportedTokens } from "@/lib/contracts/model-call";
import { traceModelCall } from "@/lib/telemetry/model-call-span";
import { llmExtractionSchema, type MemoryCandidate } from "./memory-candidate";
import { rejectionReason } from "./saveable-filter";

const instructions = `You extract what a user wants remembered across conversations. Return only
- stable preferences about how they want work presented (store "profile"), and
- long-lived facts they state outright (store "memories").
Never return guesses, hedged statements, figures or node lists from an analysis, tool results,
errors, or anything the assistant said. "quote" must be the user's exact words it came from.
"subject" names what it is about (e.g. "report.lead", "answer.language", or the entity a fact is
about), so a later statement on the same subject replaces it. Return {"memories": []} when nothing qualifies.`;

/**
 * LLM extraction (MEM-3): the run's own model returns structured output validated by a zod
 * schema; every candidate then goes through the same filters as the local rules, so a model
 * cannot save what the rules would refuse. A failed or invalid answer extracts nothing.
 */
export async function extractWithLlm(input: {
  model: LanguageModelV3;
  userText: string;
  signal: AbortSignal;
  /** Told of the extraction's model call, so the run's usage and token budget count it. */
  onModelCall?: (call: ModelCall) => Promise<void>;
}): Promise<MemoryCandidate[]> {
  let output: unknown;
  const startedAt = new Date();
  try {
    const result = await traceModelCall(
      {
        model: input.model,
        purpose: "memory_extraction",
        usage: (answer) => reportedTokens(answer.totalUsage),
      },
      () =>
        generateText({
          model: input.model,
          system: instructions,
          prompt: `User message:\n"""${input.userText}"""`,
          output: Output.object({ schema: llmExtractionSchema }),
          abortSignal: input.signal,
          maxRetries: 0,
        }),
    );
    await input.onModelCall?.({
      purpose: "memory_extraction",
      model: input.model.modelId,
      startedAt,
      finishedAt: new Date(),
      ...reportedTokens(result.totalUsage),
    });
    output = result.output;
  } catch (error) {
    input.signal.throwIfAborted();
    console.warn("memory extraction by the model failed; only the local rules apply:", error);
    return [];
  }
  const parsed = llmExtractionSchema.safeParse(output);
  if (!parsed.success) return [];
  return parsed.data.memories
    .map((candidate) => ({ ...candidate, origin: "llm" as const }))
    .filter((candidate) => rejectionReason({ ...candidate, userText: input.userText }) === null);
}
