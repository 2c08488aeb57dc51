import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustomModel } from "@/lib/agent/models/catalogue/create-custom-model";
import { resolveLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import { insertModelConfig } from "@/lib/db/queries/model-configs";
import { insertUser } from "@/lib/db/queries/users";
import { toErrorResponse } from "@/lib/http/error-response";
import { encryptModelSecret, modelSecretContext } from "@/lib/security/model-secret-cipher";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../support/fake-openai-server";
import { restoreModelEnvironment, useModelEnvironment } from "../support/model-environment";

/** The 422 envelope a route would answer with, for a resolution that must fail. */
async function failure(input: { ownerId: string; modelName?: string }) {
  const error = await resolveLanguageModel(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).not.toBeNull();
  const response = toErrorResponse(error);
  return { status: response.status, error: (await response.json()).error };
}

describe("MODEL_NOT_CONFIGURED before any model call (AF-3)", () => {
  let server: FakeOpenAIServer;
  let alice: { id: string };
  let bob: { id: string };

  beforeAll(async () => {
    // Every turn it would answer is a success: only a request reaching it could count.
    server = await startFakeOpenAIServer({ apiKey: "sk-fake", respond: () => ({ text: "hi" }) });
    alice = await insertUser({ email: `alice-${randomUUID()}@test.local`, displayName: "alice" });
    bob = await insertUser({ email: `bob-${randomUUID()}@test.local`, displayName: "bob" });
    useModelEnvironment();
    await createCustomModel({
      ownerId: alice.id,
      name: "alice-model",
      provider: "vllm",
      protocol: "openai_compatible",
      base_url: server.baseUrl,
      remote_model_id: "m",
      api_key: "sk-fake",
    });
    await createCustomModel({
      ownerId: alice.id,
      name: "keyless",
      provider: "vllm",
      protocol: "openai_chat",
      base_url: server.baseUrl,
      remote_model_id: "m",
    });
  });

  afterEach(() => {
    restoreModelEnvironment();
    expect(server.requests).toHaveLength(0);
  });

  afterAll(async () => {
    await server.close();
  });

  it("refuses an unknown model name", async () => {
    useModelEnvironment();
    const { status, error } = await failure({ ownerId: alice.id, modelName: "gpt-9-turbo" });
    expect(status).toBe(422);
    expect(error).toEqual({
      code: "MODEL_NOT_CONFIGURED",
      message: 'The model "gpt-9-turbo" is not in the model catalogue.',
      details: { model: "gpt-9-turbo", missing: ["catalogue_entry"] },
    });
  });

  it("refuses another user's custom model as unknown (owner-filtered)", async () => {
    useModelEnvironment();
    const { error } = await failure({ ownerId: bob.id, modelName: "alice-model" });
    expect(error.details).toEqual({ model: "alice-model", missing: ["catalogue_entry"] });
  });

  it("refuses a custom model without a key", async () => {
    useModelEnvironment();
    const { status, error } = await failure({ ownerId: alice.id, modelName: "Keyless" });
    expect(status).toBe(422);
    expect(error.details).toEqual({ model: "keyless", missing: ["credentials"] });
    expect(error.message).toBe('The model "keyless" is not configured: missing credentials.');
  });

  it("refuses a custom model whose key was sealed under another service key", async () => {
    useModelEnvironment();
    const id = randomUUID();
    const foreign = encryptModelSecret({
      plaintext: "sk-fake",
      context: modelSecretContext({ ownerId: alice.id, modelConfigId: id }),
      serviceKey: "a-different-internal-key-0123456789",
    });
    await insertModelConfig({
      id,
      ownerId: alice.id,
      name: "rotated",
      provider: "vllm",
      protocol: "openai_compatible",
      baseUrl: server.baseUrl,
      remoteModelId: "m",
      credentialRef: `secret:${id}`,
      secretCipher: foreign,
    });
    const { error } = await failure({ ownerId: alice.id, modelName: "rotated" });
    expect(error.details).toEqual({ model: "rotated", missing: ["credentials"] });
  });

  it("refuses an environment model without URL or key, naming both", async () => {
    useModelEnvironment({ LLM_MODEL: "gpt-4o-mini" });
    const { error } = await failure({ ownerId: alice.id, modelName: "gpt-4o-mini" });
    expect(error.details).toEqual({ model: "gpt-4o-mini", missing: ["base_url", "credentials"] });
  });

  it("refuses a default environment model without a key, though its URL is a live server", async () => {
    useModelEnvironment({ LLM_MODEL: "m", LLM_BASE_URL: server.baseUrl, DEFAULT_MODEL: "m" });
    const { error } = await failure({ ownerId: alice.id });
    expect(error.details).toEqual({ model: "m", missing: ["credentials"] });
  });

  it("refuses a DEFAULT_MODEL that names nothing when the request names no model", async () => {
    useModelEnvironment({ DEFAULT_MODEL: "missing-default" });
    const { error } = await failure({ ownerId: alice.id });
    expect(error.details).toEqual({ model: "missing-default", missing: ["catalogue_entry"] });
  });
});
