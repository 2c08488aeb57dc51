import "server-only";
import { randomUUID } from "node:crypto";
import { findModelConfigByName, insertModelConfig } from "@/lib/db/queries/model-configs";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { encryptModelSecret, modelSecretContext } from "@/lib/security/model-secret-cipher";
import { customModelEntry } from "./custom-model-entry";
import { type CreateCustomModelInput, createCustomModelBodySchema } from "./custom-model-input";
import { defaultModelName, serviceModelEntries } from "./model-catalogue";
import type { ModelCatalogueEntry } from "./model-catalogue-entry";

/**
 * Adds a custom model for the owner (AF-3). The key is encrypted at rest and referenced as
 * `secret:<id>`; the answer is the catalogue entry, which never carries the key.
 */
export async function createCustomModel(
  input: { ownerId: string } & CreateCustomModelInput,
): Promise<ModelCatalogueEntry> {
  const { ownerId, ...fields } = input;
  const body = createCustomModelBodySchema.parse(fields);
  const reserved = serviceModelEntries().find((entry) => entry.name === body.name);
  if (reserved) {
    throw nameTaken(body.name, `"${body.name}" is the name of a ${reserved.source} model.`);
  }
  if (await findModelConfigByName({ ownerId, name: body.name })) {
    throw nameTaken(body.name, `A model named "${body.name}" already exists.`);
  }
  // The id is chosen here, not by the database, because the ciphertext is bound to it.
  const id = randomUUID();
  const secretCipher = body.api_key
    ? encryptModelSecret({
        plaintext: body.api_key,
        context: modelSecretContext({ ownerId, modelConfigId: id }),
      })
    : null;
  try {
    const row = await insertModelConfig({
      id,
      ownerId,
      name: body.name,
      provider: body.provider,
      protocol: body.protocol,
      baseUrl: body.base_url,
      remoteModelId: body.remote_model_id,
      credentialRef: secretCipher ? `secret:${id}` : null,
      secretCipher,
    });
    const entry = customModelEntry({ row });
    return { ...entry, is_default: entry.name === defaultModelName() };
  } catch (error) {
    // Lost a race with an identical create: same answer as the check above.
    if ((error as { code?: string }).code === "P2002") {
      throw nameTaken(body.name, `A model named "${body.name}" already exists.`);
    }
    throw error;
  }
}

// docs/api.md has no generic conflict code; a taken name is a validation failure of `name`.
function nameTaken(name: string, message: string) {
  return new InvalidRequestError(message, { issues: [{ path: "name", message }], name });
}
