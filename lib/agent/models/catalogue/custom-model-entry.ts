import {
  decryptModelSecret,
  ModelSecretError,
  modelSecretContext,
} from "@/lib/security/model-secret-cipher";
import type {
  MissingModelSetting,
  ModelCatalogueEntry,
  ModelProtocol,
} from "./model-catalogue-entry";

/** The columns of a ModelConfig row the catalogue reads. */
export type ModelConfigRow = {
  id: string;
  ownerId: string;
  name: string;
  provider: string;
  protocol: ModelProtocol;
  baseUrl: string | null;
  remoteModelId: string;
  credentialRef: string | null;
  secretCipher: string | null;
};

/**
 * A user's stored model as a catalogue entry. The secret is opened only to learn whether it
 * still decrypts (a changed INTERNAL_SERVICE_KEY makes it unusable): the plaintext is dropped
 * here and never reaches the entry.
 */
export function customModelEntry(input: { row: ModelConfigRow }): ModelCatalogueEntry {
  const { row } = input;
  const missing: MissingModelSetting[] = [];
  if (!row.provider.trim()) missing.push("provider");
  if (!row.baseUrl) missing.push("base_url");
  if (!row.remoteModelId.trim()) missing.push("remote_model_id");
  if (!hasReadableSecret(row)) missing.push("credentials");
  const entry: ModelCatalogueEntry = {
    name: row.name,
    provider: row.provider || null,
    protocol: row.protocol,
    base_url: row.baseUrl,
    remote_model_id: row.remoteModelId || null,
    credential_ref: row.credentialRef,
    source: "custom",
    is_default: false,
    configured: missing.length === 0,
  };
  return missing.length === 0 ? entry : { ...entry, missing };
}

function hasReadableSecret(row: ModelConfigRow): boolean {
  if (row.credentialRef !== `secret:${row.id}` || !row.secretCipher) return false;
  try {
    decryptModelSecret({
      stored: row.secretCipher,
      context: modelSecretContext({ ownerId: row.ownerId, modelConfigId: row.id }),
    });
    return true;
  } catch (error) {
    if (error instanceof ModelSecretError) return false;
    throw error;
  }
}
