import type { Environment } from "@/lib/env";

/** The OpenAI-compatible embedding endpoint the fallback chain resolves to (MEM-2). */
export type EmbeddingService = { baseUrl: string; apiKey: string; model: string; source: string };

const defaultBaseUrls: Record<string, string> = {
  OPENAI_API_KEY: "https://api.openai.com/v1",
  QWEN_API_KEY: "https://dashscope.aliyuncs.com/compatible-mode/v1",
};
const defaultModels: Record<string, string> = { QWEN_API_KEY: "text-embedding-v3" };

/**
 * The service from `EMBEDDING_API_KEY`, else `OPENAI_API_KEY`, `LLM_API_KEY`, `QWEN_API_KEY`, the
 * base URL likewise. A resolved service is only a candidate: the probe decides whether it works.
 */
export function resolveEmbeddingService(input: {
  env: Environment;
}): { service: EmbeddingService } | { reason: string } {
  const { env } = input;
  const keys = [
    ["EMBEDDING_API_KEY", env.EMBEDDING_API_KEY],
    ["OPENAI_API_KEY", env.OPENAI_API_KEY],
    ["LLM_API_KEY", env.LLM_API_KEY],
    ["QWEN_API_KEY", env.QWEN_API_KEY],
  ] as const;
  const key = keys.find(([, value]) => value);
  if (!key?.[1]) {
    return {
      reason:
        "no embedding service: none of EMBEDDING_API_KEY, OPENAI_API_KEY, LLM_API_KEY, QWEN_API_KEY is set (EMBEDDING_PROVIDER=local uses the offline encoder)",
    };
  }
  const baseUrl =
    env.EMBEDDING_BASE_URL ??
    env.OPENAI_BASE_URL ??
    env.LLM_BASE_URL ??
    env.QWEN_BASE_URL ??
    defaultBaseUrls[key[0]];
  if (!baseUrl) return { reason: `${key[0]} is set but no base URL resolves for it` };
  return {
    service: {
      baseUrl: baseUrl.replace(/\/+$/, ""),
      apiKey: key[1],
      model: env.EMBEDDING_MODEL ?? defaultModels[key[0]] ?? "text-embedding-3-small",
      source: key[0],
    },
  };
}
