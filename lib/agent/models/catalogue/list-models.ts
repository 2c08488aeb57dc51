import "server-only";
import { defaultModelName, listCatalogueEntries } from "./model-catalogue";
import type { ModelCatalogueEntry } from "./model-catalogue-entry";

export type ModelList = {
  /** The model a request without `options.model` uses (it may be missing or unconfigured). */
  default_model: string;
  /** Whether that default can be called right now. */
  default_configured: boolean;
  models: ModelCatalogueEntry[];
};

/** The owner's model catalogue for `GET /api/models`: references to credentials, never secrets. */
export async function listModels(input: { ownerId: string }): Promise<ModelList> {
  const models = await listCatalogueEntries({ ownerId: input.ownerId });
  const defaultModel = defaultModelName();
  const defaultEntry = models.find((entry) => entry.name === defaultModel);
  return {
    default_model: defaultModel,
    default_configured: defaultEntry?.configured ?? false,
    models,
  };
}
