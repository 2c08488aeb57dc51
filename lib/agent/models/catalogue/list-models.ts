import "server-only";
import type { ModelList } from "@/lib/contracts/model-catalogue";
import { defaultModelName, listCatalogueEntries } from "./model-catalogue";

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
