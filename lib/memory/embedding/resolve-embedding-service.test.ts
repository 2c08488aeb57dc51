import { describe, expect, it } from "vitest";
import type { Environment } from "@/lib/env";
import { resolveEmbeddingService } from "./resolve-embedding-service";

const embedding = {
  EMBEDDING_API_KEY: "embedding-key",
  EMBEDDING_BASE_URL: "http://embed.test/v1",
};
const openai = { OPENAI_API_KEY: "openai-key", OPENAI_BASE_URL: "http://openai.test/v1/" };
const llm = { LLM_API_KEY: "llm-key", LLM_BASE_URL: "http://llm.test/v1" };
const qwen = { QWEN_API_KEY: "qwen-key", QWEN_BASE_URL: "http://qwen.test/v1" };

function resolve(env: Record<string, string>) {
  return resolveEmbeddingService({ env: env as Partial<Environment> as Environment });
}

describe("resolveEmbeddingService (MEM-2: key and address resolve together)", () => {
  it("takes the first service of EMBEDDING → OPENAI → LLM → QWEN, key with its own address", () => {
    expect(resolve({ ...embedding, ...openai, ...llm, ...qwen })).toMatchObject({
      service: { apiKey: "embedding-key", baseUrl: "http://embed.test/v1" },
    });
    expect(resolve({ ...openai, ...llm, ...qwen })).toMatchObject({
      service: { apiKey: "openai-key", baseUrl: "http://openai.test/v1" },
    });
    expect(resolve({ ...llm, ...qwen })).toMatchObject({
      service: { apiKey: "llm-key", baseUrl: "http://llm.test/v1" },
    });
    expect(resolve(qwen)).toMatchObject({
      service: { apiKey: "qwen-key", baseUrl: "http://qwen.test/v1", model: "text-embedding-v3" },
    });
  });

  it("never sends one service's key to another service's address", () => {
    const pairs = [
      ["EMBEDDING_API_KEY", "embedding-key", "EMBEDDING_BASE_URL"],
      ["OPENAI_API_KEY", "openai-key", "OPENAI_BASE_URL"],
      ["LLM_API_KEY", "llm-key", "LLM_BASE_URL"],
      ["QWEN_API_KEY", "qwen-key", "QWEN_BASE_URL"],
    ] as const;
    const all: Record<string, string> = { ...embedding, ...openai, ...llm, ...qwen };
    // Every way of leaving one variable out: the key that is used comes with its own address.
    for (const left of Object.keys(all)) {
      const env = { ...all };
      delete env[left];
      const resolved = resolve(env);
      if (!("service" in resolved)) continue;
      const pair = pairs.find(([, key]) => key === resolved.service.apiKey);
      expect(pair, left).toBeDefined();
      const ownUrl = pair ? env[pair[2]] : undefined;
      if (ownUrl) expect(resolved.service.baseUrl, left).toBe(ownUrl.replace(/\/+$/, ""));
      else expect(resolved.service.baseUrl, left).toMatch(/api\.openai\.com|dashscope/);
    }
  });

  it("refuses EMBEDDING's key without EMBEDDING's address instead of using OPENAI's", () => {
    const resolved = resolve({ EMBEDDING_API_KEY: "embedding-key", ...openai });
    expect(resolved).toEqual({
      reason: expect.stringMatching(/EMBEDDING_API_KEY.*EMBEDDING_BASE_URL/),
    });
  });

  it("refuses EMBEDDING's address without EMBEDDING's key instead of sending OPENAI's key there", () => {
    const resolved = resolve({ EMBEDDING_BASE_URL: "http://embed.test/v1", ...openai });
    expect(resolved).toEqual({
      reason: expect.stringMatching(/EMBEDDING_BASE_URL.*EMBEDDING_API_KEY/),
    });
  });

  it("refuses LLM's key with only QWEN's address", () => {
    expect(resolve({ LLM_API_KEY: "llm-key", QWEN_BASE_URL: "http://qwen.test/v1" })).toEqual({
      reason: expect.stringMatching(/LLM_API_KEY is set without LLM_BASE_URL/),
    });
  });

  it("uses the public address of OpenAI and Qwen when only their key is set", () => {
    expect(resolve({ OPENAI_API_KEY: "openai-key" })).toMatchObject({
      service: { apiKey: "openai-key", baseUrl: "https://api.openai.com/v1" },
    });
    expect(resolve({ QWEN_API_KEY: "qwen-key" })).toMatchObject({
      service: { apiKey: "qwen-key", baseUrl: "https://dashscope.aliyuncs.com/compatible-mode/v1" },
    });
  });

  it("says why when nothing is set", () => {
    expect(resolve({})).toEqual({ reason: expect.stringMatching(/no embedding service/) });
  });
});
