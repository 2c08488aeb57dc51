import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";

// The database and the offline model are other units: the resolver's job is choosing.
const queries = vi.hoisted(() => ({
  findModelConfigByName: vi.fn(),
  findModelConfigSecret: vi.fn(),
  listModelConfigsByOwner: vi.fn(),
}));
vi.mock("@/lib/db/queries/model-configs", () => queries);
vi.mock("@/lib/local-rules/create-local-rules-model", () => ({
  createLocalRulesModel: () => ({
    specificationVersion: "v3",
    provider: "local-rules",
    modelId: "local-rules",
  }),
}));

const { resolveLanguageModel } = await import("./resolve-language-model");
const { ModelNotConfiguredError } = await import("../catalogue/model-not-configured-error");

const saved = { ...process.env };
const llmVariables = [
  "DEFAULT_MODEL",
  "LLM_PROVIDER",
  "LLM_PROTOCOL",
  "LLM_BASE_URL",
  "LLM_API_KEY",
  "LLM_MODEL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "QWEN_API_KEY",
  "QWEN_BASE_URL",
];

function setEnv(values: Record<string, string>) {
  for (const name of llmVariables) delete process.env[name];
  Object.assign(process.env, { INTERNAL_SERVICE_KEY: "unit-test-internal-key-0123456789" }, values);
  resetEnvForTests();
}

async function notConfigured(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ModelNotConfiguredError);
  return error as InstanceType<typeof ModelNotConfiguredError>;
}

let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  queries.findModelConfigByName.mockResolvedValue(null);
  fetchSpy = vi.spyOn(globalThis, "fetch");
});

afterEach(() => {
  // AF-3: resolution never talks to a model server, whatever the outcome.
  expect(fetchSpy).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  process.env = { ...saved };
  resetEnvForTests();
});

describe("resolveLanguageModel", () => {
  it("defaults to local-rules without touching the database", async () => {
    setEnv({});
    const resolved = await resolveLanguageModel({ ownerId: "u1" });
    expect(resolved.entry).toMatchObject({
      name: "local-rules",
      source: "builtin",
      is_default: true,
    });
    expect(resolved.model.provider).toBe("local-rules");
    expect(queries.findModelConfigByName).not.toHaveBeenCalled();
  });

  it("uses DEFAULT_MODEL and matches names case-insensitively", async () => {
    const llm = {
      LLM_BASE_URL: "http://127.0.0.1:9/v1",
      LLM_API_KEY: "sk-env",
      LLM_MODEL: "Qwen-Plus",
    };
    setEnv({ ...llm, DEFAULT_MODEL: "qwen-plus" });
    const byDefault = await resolveLanguageModel({ ownerId: "u1" });
    expect(byDefault.entry).toMatchObject({
      name: "qwen-plus",
      source: "environment",
      is_default: true,
    });
    expect(byDefault.model).toMatchObject({ provider: "openai.chat", modelId: "Qwen-Plus" });
    const byName = await resolveLanguageModel({ ownerId: "u1", modelName: " QWEN-PLUS " });
    expect(byName.entry.name).toBe("qwen-plus");
  });

  it("builds the protocol LLM_PROTOCOL names", async () => {
    setEnv({
      LLM_BASE_URL: "http://127.0.0.1:9/v1",
      LLM_API_KEY: "k",
      LLM_MODEL: "m",
      LLM_PROTOCOL: "openai_compatible",
      LLM_PROVIDER: "vllm",
    });
    expect((await resolveLanguageModel({ ownerId: "u1", modelName: "m" })).model.provider).toBe(
      "vllm.chat",
    );
  });

  it("is MODEL_NOT_CONFIGURED (422) for an unknown name, looked up only among the owner's rows", async () => {
    setEnv({});
    const error = await notConfigured(resolveLanguageModel({ ownerId: "u1", modelName: "gpt-9" }));
    expect(error.status).toBe(422);
    expect(error.code).toBe("MODEL_NOT_CONFIGURED");
    expect(error.details).toMatchObject({ model: "gpt-9", missing: ["catalogue_entry"] });
    expect(queries.findModelConfigByName).toHaveBeenCalledWith({ ownerId: "u1", name: "gpt-9" });
  });

  it("is MODEL_NOT_CONFIGURED when DEFAULT_MODEL names nothing", async () => {
    setEnv({ DEFAULT_MODEL: "missing-model" });
    const error = await notConfigured(resolveLanguageModel({ ownerId: "u1" }));
    expect(error.details).toMatchObject({ model: "missing-model" });
  });

  it("lists what an incomplete environment model lacks", async () => {
    setEnv({ LLM_MODEL: "gpt-4o" });
    const error = await notConfigured(resolveLanguageModel({ ownerId: "u1", modelName: "gpt-4o" }));
    expect(error.details).toMatchObject({ model: "gpt-4o", missing: ["base_url", "credentials"] });
    expect(error.message).toMatch(/missing base_url, credentials/);
  });
});
