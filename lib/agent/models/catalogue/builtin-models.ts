import { localRulesModelName, type ModelCatalogueEntry } from "./model-catalogue-entry";

/** The offline built-in model (AF-4): always present, always configured, needs no network. */
export function localRulesEntry(): ModelCatalogueEntry {
  return {
    name: localRulesModelName,
    provider: "builtin",
    protocol: "local_rules",
    base_url: null,
    remote_model_id: null,
    credential_ref: null,
    source: "builtin",
    is_default: false,
    configured: true,
  };
}
