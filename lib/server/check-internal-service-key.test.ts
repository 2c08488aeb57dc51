import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
vi.mock("@/lib/db/queries/model-configs", () => ({ findNewestModelConfigSecret: vi.fn() }));

const { encryptModelSecret, modelSecretContext } = await import(
  "@/lib/security/model-secret-cipher"
);
const { checkInternalServiceKey } = await import("./check-internal-service-key");

const keyA = "instance-a-key-0123456789";
const keyB = "instance-b-key-0123456789";

function sealedWith(serviceKey: string) {
  const row = { id: "config-1", ownerId: "owner-1" };
  const secretCipher = encryptModelSecret({
    plaintext: "sk-provider",
    context: modelSecretContext({ ownerId: row.ownerId, modelConfigId: row.id }),
    serviceKey,
  });
  return async () => ({ ...row, secretCipher });
}

describe("checkInternalServiceKey", () => {
  it("matches when the key opens a secret saved with it", async () => {
    await expect(
      checkInternalServiceKey({ findSecret: sealedWith(keyA), serviceKey: keyA }),
    ).resolves.toBe("matches");
  });

  it("differs when another instance's key sealed the saved secret", async () => {
    await expect(
      checkInternalServiceKey({ findSecret: sealedWith(keyA), serviceKey: keyB }),
    ).resolves.toBe("differs");
  });

  it("is unknown while no secret is saved", async () => {
    await expect(
      checkInternalServiceKey({ findSecret: async () => null, serviceKey: keyB }),
    ).resolves.toBe("unknown");
  });
});
