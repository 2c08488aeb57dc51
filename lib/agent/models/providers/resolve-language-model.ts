import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { defaultModelName, findModelEntry } from "@/lib/agent/models/catalogue/model-catalogue";
import type { ModelCatalogueEntry } from "@/lib/agent/models/catalogue/model-catalogue-entry";
import { ModelNotConfiguredError } from "@/lib/agent/models/catalogue/model-not-configured-error";
import { createLocalRulesModel } from "@/lib/local-rules/create-local-rules-model";
import { createRemoteLanguageModel } from "./create-remote-language-model";
import { resolveModelCredential } from "./resolve-model-credential";

export type ResolvedLanguageModel = { model: LanguageModelV3; entry: ModelCatalogueEntry };

/**
 * The model of one request (AF-1, AF-3): `modelName` is `options.model` (never text from the
 * question), else DEFAULT_MODEL. Throws MODEL_NOT_CONFIGURED for an unknown or incomplete model;
 * it sends no network request, so a failure here means nothing has been called yet.
 */
export async function resolveLanguageModel(input: {
  ownerId: string;
  modelName?: string;
}): Promise<ResolvedLanguageModel> {
  const name = input.modelName?.trim() ? input.modelName : defaultModelName();
  const entry = await findModelEntry({ ownerId: input.ownerId, name });
  if (!entry) {
    throw new ModelNotConfiguredError({ model: name.trim(), missing: ["catalogue_entry"] });
  }
  if (entry.protocol === "local_rules") return { model: createLocalRulesModel(), entry };
  const { provider, protocol, base_url, remote_model_id } = entry;
  if (!entry.configured || !provider || !protocol || !base_url || !remote_model_id) {
    throw new ModelNotConfiguredError({ model: entry.name, missing: entry.missing ?? [] });
  }
  const apiKey = await resolveModelCredential({ ownerId: input.ownerId, entry });
  const model = createRemoteLanguageModel({
    protocol,
    provider,
    baseUrl: base_url,
    apiKey,
    remoteModelId: remote_model_id,
  });
  return { model, entry };
}
