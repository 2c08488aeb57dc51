import { afterAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";

const saved = { ...process.env };
const serviceKey = "unit-test-internal-key-0123456789";
process.env.INTERNAL_SERVICE_KEY = serviceKey;
resetEnvForTests();
const { customModelEntry } = await import("./custom-model-entry");
const { encryptModelSecret, modelSecretContext } = await import(
  "@/lib/security/model-secret-cipher"
);

afterAll(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

const context = modelSecretContext({ ownerId: "owner-1", modelConfigId: "m-1" });
const row = {
  id: "m-1",
  ownerId: "owner-1",
  name: "my-qwen",
  provider: "qwen",
  protocol: "openai_compatible" as const,
  baseUrl: "https://q.example/v1",
  remoteModelId: "qwen-plus",
  credentialRef: "secret:m-1",
  secretCipher: encryptModelSecret({ plaintext: "sk-secret", context, serviceKey }),
};

describe("custom model entry", () => {
  it("is configured with a readable secret, and carries only its reference", () => {
    const entry = customModelEntry({ row });
    expect(entry).toEqual({
      name: "my-qwen",
      provider: "qwen",
      protocol: "openai_compatible",
      base_url: "https://q.example/v1",
      remote_model_id: "qwen-plus",
      credential_ref: "secret:m-1",
      source: "custom",
      is_default: false,
      configured: true,
    });
    expect(JSON.stringify(entry)).not.toContain("sk-secret");
    expect(JSON.stringify(entry)).not.toContain(row.secretCipher.slice(3, 20));
  });

  it("lacks credentials without a key, with a key sealed by another service key or row", () => {
    const variants = [
      { credentialRef: null, secretCipher: null },
      {
        secretCipher: encryptModelSecret({
          plaintext: "k",
          context,
          serviceKey: "rotated-key-0123456789abcdef",
        }),
      },
      {
        secretCipher: encryptModelSecret({
          plaintext: "k",
          context: "model-config:owner-2:m-1",
          serviceKey,
        }),
      },
      { credentialRef: "secret:another-row" },
      { credentialRef: "env:LLM_API_KEY" },
    ];
    for (const variant of variants) {
      expect(customModelEntry({ row: { ...row, ...variant } })).toMatchObject({
        configured: false,
        missing: ["credentials"],
      });
    }
  });
});
