import { describe, expect, it } from "vitest";
import { environmentModelEntry } from "./environment-model";

const base = {
  LLM_PROVIDER: "openai-compatible",
  LLM_PROTOCOL: "openai_chat" as const,
  LLM_BASE_URL: undefined,
  LLM_API_KEY: undefined,
  LLM_MODEL: undefined,
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  QWEN_API_KEY: undefined,
  QWEN_BASE_URL: undefined,
};

type Overrides = Partial<Record<keyof typeof base, string>>;
const entryFor = (overrides: Overrides) =>
  environmentModelEntry({ env: { ...base, ...overrides } as typeof base });

describe("environment model", () => {
  it("does not exist when no LLM_* variable is set, even with OPENAI_* keys", () => {
    expect(entryFor({})).toBeNull();
    expect(
      entryFor({ OPENAI_API_KEY: "sk-o", OPENAI_BASE_URL: "https://api.openai.com/v1" }),
    ).toBeNull();
  });

  it("is configured from LLM_* with an env: credential reference, never the key", () => {
    const entry = entryFor({
      LLM_BASE_URL: "http://127.0.0.1:11434/v1",
      LLM_API_KEY: "sk-llm",
      LLM_MODEL: "Qwen2.5:14B",
      LLM_PROTOCOL: "openai_compatible",
    });
    expect(entry).toEqual({
      name: "qwen2.5:14b",
      provider: "openai-compatible",
      protocol: "openai_compatible",
      base_url: "http://127.0.0.1:11434/v1",
      remote_model_id: "Qwen2.5:14B",
      credential_ref: "env:LLM_API_KEY",
      source: "environment",
      is_default: false,
      configured: true,
    });
    expect(JSON.stringify(entry)).not.toContain("sk-llm");
  });

  it("falls back to OPENAI_API_KEY, then QWEN_API_KEY, and the matching base URLs", () => {
    const openai = entryFor({
      LLM_MODEL: "gpt-4o-mini",
      OPENAI_API_KEY: "o",
      QWEN_API_KEY: "q",
      OPENAI_BASE_URL: "https://o.example/v1",
      QWEN_BASE_URL: "https://q.example/v1",
    });
    expect(openai).toMatchObject({
      credential_ref: "env:OPENAI_API_KEY",
      base_url: "https://o.example/v1",
      configured: true,
    });
    const qwen = entryFor({
      LLM_MODEL: "qwen-plus",
      QWEN_API_KEY: "q",
      QWEN_BASE_URL: "https://q.example/v1",
    });
    expect(qwen).toMatchObject({
      credential_ref: "env:QWEN_API_KEY",
      base_url: "https://q.example/v1",
    });
    const llmFirst = entryFor({
      LLM_MODEL: "m",
      LLM_API_KEY: "l",
      OPENAI_API_KEY: "o",
      LLM_BASE_URL: "https://l.example/v1",
      OPENAI_BASE_URL: "https://o.example/v1",
    });
    expect(llmFirst).toMatchObject({
      credential_ref: "env:LLM_API_KEY",
      base_url: "https://l.example/v1",
    });
  });

  it("is listed but unconfigured, saying what is missing, when incomplete", () => {
    expect(entryFor({ LLM_MODEL: "gpt-4o" })).toMatchObject({
      name: "gpt-4o",
      configured: false,
      missing: ["base_url", "credentials"],
    });
    expect(entryFor({ LLM_BASE_URL: "https://x.example/v1", LLM_API_KEY: "k" })).toMatchObject({
      name: "default-llm",
      remote_model_id: null,
      configured: false,
      missing: ["remote_model_id"],
    });
    expect(
      entryFor({
        LLM_MODEL: "m",
        LLM_API_KEY: "k",
        LLM_BASE_URL: "https://x.example/v1",
        LLM_PROVIDER: " ",
      }),
    ).toMatchObject({ missing: ["provider"] });
  });

  it("drops a user name and password from LLM_BASE_URL (the catalogue is shown to browsers)", () => {
    const entry = entryFor({
      LLM_MODEL: "m",
      LLM_API_KEY: "k",
      LLM_BASE_URL: "https://bob:hunter2@x.example/v1",
    });
    expect(entry?.base_url).toBe("https://x.example/v1");
    expect(JSON.stringify(entry)).not.toContain("hunter2");
  });
});
