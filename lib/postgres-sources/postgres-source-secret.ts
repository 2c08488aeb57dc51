import { decryptModelSecret, encryptModelSecret } from "@/lib/security/model-secret-cipher";

// The same AES-256-GCM cipher as saved model keys (one audited place for stored secrets); the
// associated data names this dataset, so a login copied into another row does not open.
const contextOf = (input: { ownerId: string; datasetId: string }) =>
  `dataset-source:${input.ownerId}:${input.datasetId}`;

/** Encrypts a source URL (with its password) for storage. */
export function encryptSourceUrl(input: { url: string; ownerId: string; datasetId: string }) {
  return encryptModelSecret({ plaintext: input.url, context: contextOf(input) });
}

/** Decrypts what encryptSourceUrl stored. */
export function decryptSourceUrl(input: { stored: string; ownerId: string; datasetId: string }) {
  return decryptModelSecret({ stored: input.stored, context: contextOf(input) });
}
