import { describe, expect, it } from "vitest";
import {
  decryptModelSecret,
  encryptModelSecret,
  ModelSecretError,
} from "@/lib/security/model-secret-cipher";

const serviceKey = "unit-test-internal-key-0123456789";
const context = "model-config:owner-1:model-1";
const plaintext = "sk-live-this-is-the-secret";

describe("model secret cipher (AES-256-GCM, key = HKDF-SHA256 of INTERNAL_SERVICE_KEY)", () => {
  it("round-trips and never stores the plaintext", () => {
    const stored = encryptModelSecret({ plaintext, context, serviceKey });
    expect(stored.startsWith("v1:")).toBe(true);
    expect(stored).not.toContain(plaintext);
    expect(Buffer.from(stored.slice(3), "base64").toString("latin1")).not.toContain(plaintext);
    expect(decryptModelSecret({ stored, context, serviceKey })).toBe(plaintext);
  });

  it("uses a fresh IV each time (equal secrets give different ciphertexts)", () => {
    const first = encryptModelSecret({ plaintext, context, serviceKey });
    const second = encryptModelSecret({ plaintext, context, serviceKey });
    expect(first).not.toBe(second);
    // iv (12) + tag (16) + one byte per ASCII character
    expect(Buffer.from(first.slice(3), "base64")).toHaveLength(12 + 16 + plaintext.length);
  });

  it("refuses another service key, another row or owner, and any tampering", () => {
    const stored = encryptModelSecret({ plaintext, context, serviceKey });
    const open = (input: { stored?: string; context?: string; serviceKey?: string }) => () =>
      decryptModelSecret({ stored, context, serviceKey, ...input });
    expect(open({ serviceKey: "another-internal-key-0123456789" })).toThrow(ModelSecretError);
    expect(open({ context: "model-config:owner-2:model-1" })).toThrow(ModelSecretError);
    const packed = Buffer.from(stored.slice(3), "base64");
    packed[packed.length - 1] ^= 1;
    expect(open({ stored: `v1:${packed.toString("base64")}` })).toThrow(ModelSecretError);
    expect(open({ stored: "v1:AAAA" })).toThrow(/truncated/);
    expect(open({ stored: plaintext })).toThrow(/unknown format/);
  });
});
