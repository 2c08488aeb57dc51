import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as modelsRoute from "@/app/api/models/route";
import { findModelConfigByName } from "@/lib/db/queries/model-configs";
import { insertUser } from "@/lib/db/queries/users";
import { restoreModelEnvironment, useModelEnvironment } from "../support/model-environment";
import { actingAs, routeContext } from "../support/route-request";

afterEach(() => {
  restoreModelEnvironment();
});

const secretKey = `sk-custom-${randomUUID()}`;
const envKey = `sk-env-${randomUUID()}`;

async function newUser(label: string) {
  return insertUser({ email: `${label}-${randomUUID()}@test.local`, displayName: label });
}

async function list(userId: string) {
  const response = await modelsRoute.GET(
    new Request("http://test.local/api/models", { headers: actingAs(userId) }),
    routeContext({}),
  );
  return {
    status: response.status,
    text: await response.clone().text(),
    body: await response.json(),
  };
}

async function create(userId: string, body: Record<string, unknown>) {
  const response = await modelsRoute.POST(
    new Request("http://test.local/api/models", {
      method: "POST",
      headers: { ...actingAs(userId), "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    routeContext({}),
  );
  return {
    status: response.status,
    text: await response.clone().text(),
    body: await response.json(),
  };
}

const qwen = {
  name: "  My Qwen ",
  provider: "Qwen",
  protocol: "openai_compatible",
  base_url: "https://dashscope.example.com/compatible-mode/v1/",
  remote_model_id: "qwen-plus",
};

describe("GET/POST /api/models (AF-3)", () => {
  let alice: { id: string };
  let bob: { id: string };

  beforeAll(async () => {
    alice = await newUser("alice");
    bob = await newUser("bob");
  });

  it("lists local-rules as the default when nothing else is configured", async () => {
    useModelEnvironment();
    const { status, body } = await list(alice.id);
    expect(status).toBe(200);
    expect(body).toEqual({
      default_model: "local-rules",
      default_configured: true,
      models: [
        {
          name: "local-rules",
          provider: "builtin",
          protocol: "local_rules",
          base_url: null,
          remote_model_id: null,
          credential_ref: null,
          source: "builtin",
          is_default: true,
          configured: true,
        },
      ],
    });
  });

  it("creates a custom model whose key is encrypted at rest and never answered", async () => {
    useModelEnvironment();
    const created = await create(alice.id, { ...qwen, api_key: secretKey });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "my-qwen",
      provider: "qwen",
      protocol: "openai_compatible",
      base_url: "https://dashscope.example.com/compatible-mode/v1",
      remote_model_id: "qwen-plus",
      credential_ref: expect.stringMatching(/^secret:[0-9a-f-]{36}$/),
      source: "custom",
      is_default: false,
      configured: true,
    });
    expect(created.text).not.toContain(secretKey);
    const row = await findModelConfigByName({ ownerId: alice.id, name: "my-qwen" });
    expect(row?.credentialRef).toBe(created.body.credential_ref);
    expect(row?.secretCipher).toMatch(/^v1:/);
    expect(row?.secretCipher).not.toContain(secretKey);
    expect(
      Buffer.from(row?.secretCipher?.slice(3) ?? "", "base64").toString("latin1"),
    ).not.toContain(secretKey);
  });

  it("lists custom models with no secret anywhere in the JSON", async () => {
    useModelEnvironment();
    const row = await findModelConfigByName({ ownerId: alice.id, name: "my-qwen" });
    const { status, text, body } = await list(alice.id);
    expect(status).toBe(200);
    expect(body.models.map((model: { name: string }) => model.name)).toEqual([
      "local-rules",
      "my-qwen",
    ]);
    expect(text).not.toContain(secretKey);
    expect(text).not.toContain(row?.secretCipher?.slice(3, 30));
    expect(text).not.toMatch(/secret_?cipher|api_key/i);
  });

  it("keeps a model without a key, unconfigured and saying so", async () => {
    useModelEnvironment();
    const created = await create(alice.id, { ...qwen, name: "keyless" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "keyless",
      credential_ref: null,
      configured: false,
      missing: ["credentials"],
    });
  });

  it("refuses a duplicate name (in any spelling) as INVALID_REQUEST with a clear message", async () => {
    useModelEnvironment();
    const duplicate = await create(alice.id, { ...qwen, name: "MY   qwen", api_key: "other" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toMatchObject({
      code: "INVALID_REQUEST",
      message: 'A model named "my-qwen" already exists.',
      details: { issues: [{ path: "name" }] },
    });
    // Names are per owner: Bob may use the same one.
    expect((await create(bob.id, { ...qwen, api_key: "bob-key" })).status).toBe(201);
  });

  it("refuses the names of service models", async () => {
    useModelEnvironment({ LLM_MODEL: "gpt-4o-mini", LLM_BASE_URL: "https://x.example/v1" });
    for (const name of ["Local-Rules", "GPT-4o-mini"]) {
      const refused = await create(alice.id, { ...qwen, name });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/is the name of a (builtin|environment) model/);
    }
  });

  it("validates the body: http(s) URLs only, known protocols, no credential_ref", async () => {
    useModelEnvironment();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...qwen, base_url: "ftp://x.example/v1" }, "base_url"],
      [{ ...qwen, base_url: "https://user:pw@x.example/v1" }, "base_url"],
      [{ ...qwen, protocol: "local_rules" }, "protocol"],
      [{ ...qwen, name: "bad;name" }, "name"],
      [{ ...qwen, remote_model_id: "" }, "remote_model_id"],
      [{ ...qwen, name: "borrow", credential_ref: "env:LLM_API_KEY" }, ""],
    ];
    for (const [body, path] of cases) {
      const refused = await create(alice.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("INVALID_REQUEST");
      expect(
        refused.body.error.details.issues.map((issue: { path: string }) => issue.path),
      ).toEqual([path]);
    }
    expect(await findModelConfigByName({ ownerId: alice.id, name: "borrow" })).toBeNull();
  });

  it("shows only the owner's custom models", async () => {
    useModelEnvironment();
    const alices = await list(alice.id);
    const bobs = await list(bob.id);
    // Bob has his own "my-qwen" (created above), not Alice's, and none of her other models.
    expect(bobs.body.models.map((model: { name: string }) => model.name)).toEqual([
      "local-rules",
      "my-qwen",
    ]);
    expect(bobs.body.models[1].credential_ref).not.toBe(alices.body.models[1].credential_ref);
    expect(bobs.text).not.toContain(secretKey);
    const carol = await newUser("carol");
    const carols = await list(carol.id);
    expect(carols.body.models.map((model: { name: string }) => model.name)).toEqual([
      "local-rules",
    ]);
  });

  it("lists the environment model with an env: reference, never the key, and marks the default", async () => {
    useModelEnvironment({
      LLM_BASE_URL: "https://llm.example/v1",
      LLM_API_KEY: envKey,
      LLM_MODEL: "Qwen2.5:14B",
      DEFAULT_MODEL: "qwen2.5:14b",
    });
    const { text, body } = await list(alice.id);
    expect(text).not.toContain(envKey);
    expect(body.default_model).toBe("qwen2.5:14b");
    expect(body.default_configured).toBe(true);
    expect(body.models[1]).toEqual({
      name: "qwen2.5:14b",
      provider: "openai-compatible",
      protocol: "openai_chat",
      base_url: "https://llm.example/v1",
      remote_model_id: "Qwen2.5:14B",
      credential_ref: "env:LLM_API_KEY",
      source: "environment",
      is_default: true,
      configured: true,
    });
    expect(body.models[0].is_default).toBe(false);
  });

  it("reports an unknown DEFAULT_MODEL as an unconfigured default", async () => {
    useModelEnvironment({ DEFAULT_MODEL: "gpt-9" });
    const { body } = await list(alice.id);
    expect(body.default_model).toBe("gpt-9");
    expect(body.default_configured).toBe(false);
    expect(body.models.some((model: { is_default: boolean }) => model.is_default)).toBe(false);
  });

  it("answers the browser (no identity headers) as the default owner", async () => {
    useModelEnvironment();
    const response = await modelsRoute.GET(
      new Request("http://test.local/api/models"),
      routeContext({}),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.models.map((model: { name: string }) => model.name)).not.toContain("my-qwen");
  });
});
