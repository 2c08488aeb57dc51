/**
 * One call to a language model during a run: what usage, budgets, traces and the run timeline
 * are built from. Tokens are what the provider reported; a model that reports none (the offline
 * local-rules model) counts 0, never an estimate.
 */
export type ModelCall = {
  purpose: "turn" | "memory_extraction";
  /** The provider's model id (`LanguageModelV3.modelId`). */
  model: string;
  startedAt: Date;
  finishedAt: Date;
  inputTokens: number;
  outputTokens: number;
};

/** Tokens as the AI SDK reports them (fields may be missing); missing counts as 0. */
export function reportedTokens(usage: { inputTokens?: number; outputTokens?: number } | undefined) {
  return {
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
  };
}
