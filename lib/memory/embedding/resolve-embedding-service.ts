import type { Environment } from "@/lib/env";

/** The OpenAI-compatible embedding endpoint the fallback chain resolves to (MEM-2). */
export type EmbeddingService = {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Which variables it came from, e.g. "OPENAI_API_KEY + OPENAI_BASE_URL". */
  source: string;
};

type EmbeddingEnvironment = Pick<
  Environment,
  | "EMBEDDING_API_KEY"
  | "EMBEDDING_BASE_URL"
  | "EMBEDDING_MODEL"
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "LLM_API_KEY"
  | "LLM_BASE_URL"
  | "QWEN_API_KEY"
  | "QWEN_BASE_URL"
>;

/** One service of the chain: its key and address variables, and its well-known address. */
type Source = {
  prefix: "EMBEDDING" | "OPENAI" | "LLM" | "QWEN";
  apiKey: string | undefined;
  baseUrl: string | undefined;
  defaultBaseUrl?: string;
  defaultModel?: string;
};

/**
 * The embedding service of the chain EMBEDDING_* → OPENAI_* → LLM_* → QWEN_* (MEM-2). A key and
 * its address are resolved together, from one service: the first service with either variable
 * set decides, and it is used only whole — its own key with its own base URL (or, for OpenAI
 * and Qwen, their public address). A key is never sent to another service's address (an
 * EMBEDDING_API_KEY to OPENAI_BASE_URL, or the other way round), and a half-configured service
 * turns learned knowledge off with the reason instead of falling through to the next one, which
 * would send the texts to a service nobody chose for them. A resolved service is only a
 * candidate: the probe decides whether it works.
 */
export function resolveEmbeddingService(input: {
  env: EmbeddingEnvironment;
}): { service: EmbeddingService } | { reason: string } {
  const { env } = input;
  const sources: Source[] = [
    { prefix: "EMBEDDING", apiKey: env.EMBEDDING_API_KEY, baseUrl: env.EMBEDDING_BASE_URL },
    {
      prefix: "OPENAI",
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      defaultBaseUrl: "https://api.openai.com/v1",
    },
    { prefix: "LLM", apiKey: env.LLM_API_KEY, baseUrl: env.LLM_BASE_URL },
    {
      prefix: "QWEN",
      apiKey: env.QWEN_API_KEY,
      baseUrl: env.QWEN_BASE_URL,
      defaultBaseUrl: "https://dashscope.aliyuncs.com/compatible-mode/v1",
      defaultModel: "text-embedding-v3",
    },
  ];
  const source = sources.find((candidate) => candidate.apiKey || candidate.baseUrl);
  if (!source) {
    return {
      reason:
        "no embedding service: none of EMBEDDING_API_KEY, OPENAI_API_KEY, LLM_API_KEY, QWEN_API_KEY is set (EMBEDDING_PROVIDER=local uses the offline encoder)",
    };
  }
  const key = `${source.prefix}_API_KEY`;
  const url = `${source.prefix}_BASE_URL`;
  if (!source.apiKey) {
    return {
      reason: `${url} is set without ${key}; a key is never borrowed from another service (a server that needs none takes any, e.g. ${key}=none)`,
    };
  }
  const baseUrl = source.baseUrl ?? source.defaultBaseUrl;
  if (!baseUrl) {
    return {
      reason: `${key} is set without ${url}; a key is never sent to another service's address`,
    };
  }
  return {
    service: {
      baseUrl: baseUrl.replace(/\/+$/, ""),
      apiKey: source.apiKey,
      model: env.EMBEDDING_MODEL ?? source.defaultModel ?? "text-embedding-3-small",
      source: source.baseUrl ? `${key} + ${url}` : `${key} + the public ${source.prefix} address`,
    },
  };
}
