import "server-only";
import {
  type EnvironmentCredentialVariable,
  environmentCredentialVariables,
} from "@/lib/agent/models/catalogue/environment-model";
import type { ModelCatalogueEntry } from "@/lib/agent/models/catalogue/model-catalogue-entry";
import { ModelNotConfiguredError } from "@/lib/agent/models/catalogue/model-not-configured-error";
import { findModelConfigSecret } from "@/lib/db/queries/model-configs";
import { getEnv } from "@/lib/env";
import {
  decryptModelSecret,
  ModelSecretError,
  modelSecretContext,
} from "@/lib/security/model-secret-cipher";

/**
 * Turns an entry's credential reference into the key, right before the provider is built.
 * `env:` serves only the environment model and only the known key variables (never, say,
 * DATABASE_URL); `secret:` opens only a custom row of the same owner. Anything else is
 * MODEL_NOT_CONFIGURED, so a user's model can never send the service's key to its own URL.
 */
export async function resolveModelCredential(input: {
  ownerId: string;
  entry: ModelCatalogueEntry;
}): Promise<string> {
  const { entry } = input;
  const reference = entry.credential_ref ?? "";
  const fail = (reason: string) =>
    new ModelNotConfiguredError({ model: entry.name, missing: ["credentials"], reason });
  if (reference.startsWith("env:") && entry.source === "environment") {
    const variable = reference.slice("env:".length);
    if (!isCredentialVariable(variable)) throw fail(`${variable} is not a credential variable`);
    const value = getEnv()[variable];
    if (!value) throw fail(`${variable} is not set`);
    return value;
  }
  if (reference.startsWith("secret:") && entry.source === "custom") {
    const modelConfigId = reference.slice("secret:".length);
    const row = await findModelConfigSecret({ ownerId: input.ownerId, modelConfigId });
    if (!row?.secretCipher) throw fail("the stored key is gone");
    try {
      return decryptModelSecret({
        stored: row.secretCipher,
        context: modelSecretContext({ ownerId: input.ownerId, modelConfigId }),
      });
    } catch (error) {
      if (error instanceof ModelSecretError) throw fail(error.message);
      throw error;
    }
  }
  throw fail("no API key is configured");
}

function isCredentialVariable(name: string): name is EnvironmentCredentialVariable {
  return (environmentCredentialVariables as readonly string[]).includes(name);
}
