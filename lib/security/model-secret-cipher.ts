import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getInternalServiceKey } from "@/lib/identity/internal-service-key";

// Stored form: "v1:" + base64(iv ‖ tag ‖ ciphertext). The version prefix lets a later format
// or key schedule coexist with rows written by this one.
const formatPrefix = "v1:";
const ivBytes = 12;
const tagBytes = 16;
// HKDF separates this key from every other use of INTERNAL_SERVICE_KEY (it is also the internal
// bearer credential), so leaking one derived key reveals neither the service key nor the other.
const hkdfSalt = "graph-workbench/model-config-secrets";
const hkdfInfo = "aes-256-gcm/v1";

/** A stored secret that cannot be decrypted (wrong key, altered or moved ciphertext). */
export class ModelSecretError extends Error {
  readonly code = "MODEL_SECRET_UNREADABLE";
}

let derived: { serviceKey: string; key: Buffer } | undefined;

function encryptionKey(serviceKey: string): Buffer {
  if (derived?.serviceKey !== serviceKey) {
    const key = Buffer.from(hkdfSync("sha256", serviceKey, hkdfSalt, hkdfInfo, 32));
    derived = { serviceKey, key };
  }
  return derived.key;
}

/**
 * Encrypts a model API key with AES-256-GCM. `context` (e.g. owner and row id) is bound as
 * associated data, so a ciphertext copied into another row or another user's row fails to open.
 */
export function encryptModelSecret(input: {
  plaintext: string;
  context: string;
  serviceKey?: string;
}): string {
  const key = encryptionKey(input.serviceKey ?? getInternalServiceKey());
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(input.context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(input.plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return formatPrefix + Buffer.concat([iv, tag, ciphertext]).toString("base64");
}

/** Decrypts what encryptModelSecret wrote; throws ModelSecretError when it cannot. */
export function decryptModelSecret(input: {
  stored: string;
  context: string;
  serviceKey?: string;
}): string {
  if (!input.stored.startsWith(formatPrefix)) {
    throw new ModelSecretError("The stored model secret has an unknown format.");
  }
  const packed = Buffer.from(input.stored.slice(formatPrefix.length), "base64");
  if (packed.length < ivBytes + tagBytes) {
    throw new ModelSecretError("The stored model secret is truncated.");
  }
  const key = encryptionKey(input.serviceKey ?? getInternalServiceKey());
  const decipher = createDecipheriv("aes-256-gcm", key, packed.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(input.context, "utf8"));
  decipher.setAuthTag(packed.subarray(ivBytes, ivBytes + tagBytes));
  try {
    const plaintext = Buffer.concat([
      decipher.update(packed.subarray(ivBytes + tagBytes)),
      decipher.final(),
    ]);
    return plaintext.toString("utf8");
  } catch {
    // GCM refuses a wrong key and a tampered ciphertext alike; neither detail is worth leaking.
    throw new ModelSecretError(
      "The stored model secret cannot be decrypted (was INTERNAL_SERVICE_KEY changed?).",
    );
  }
}

/** The associated data that ties a stored secret to its owner and model config row. */
export function modelSecretContext(input: { ownerId: string; modelConfigId: string }): string {
  return `model-config:${input.ownerId}:${input.modelConfigId}`;
}
