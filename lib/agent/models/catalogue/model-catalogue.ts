import "server-only";
import { findModelConfigByName, listModelConfigsByOwner } from "@/lib/db/queries/model-configs";
import { getEnv } from "@/lib/env";
import { localRulesEntry } from "./builtin-models";
import { customModelEntry } from "./custom-model-entry";
import { environmentModelEntry } from "./environment-model";
import type { ModelCatalogueEntry } from "./model-catalogue-entry";
import { normaliseModelName } from "./model-name";

/** The service default model name (DEFAULT_MODEL, normalised; `local-rules` unless set). */
export function defaultModelName(): string {
  return normaliseModelName({ name: getEnv().DEFAULT_MODEL });
}

/**
 * Models every user has, in precedence order: the built-in one, then the environment model.
 * They come before custom models, so a name clash can never let a user's row redirect a request
 * meant for a service model (createCustomModel refuses such names; the environment may change).
 */
export function serviceModelEntries(): ModelCatalogueEntry[] {
  const environment = environmentModelEntry({ env: getEnv() });
  const entries = [localRulesEntry()];
  if (environment && environment.name !== entries[0].name) entries.push(environment);
  return entries;
}

/** The whole catalogue of one owner: service models, then the owner's custom models. */
export async function listCatalogueEntries(input: {
  ownerId: string;
}): Promise<ModelCatalogueEntry[]> {
  const service = serviceModelEntries();
  const taken = new Set(service.map((entry) => entry.name));
  const rows = await listModelConfigsByOwner({ ownerId: input.ownerId });
  const custom = rows.filter((row) => !taken.has(row.name)).map((row) => customModelEntry({ row }));
  return withDefaultFlag([...service, ...custom]);
}

/** One model of the owner's catalogue by name (normalised); null when there is none. */
export async function findModelEntry(input: {
  ownerId: string;
  name: string;
}): Promise<ModelCatalogueEntry | null> {
  const name = normaliseModelName({ name: input.name });
  const service = serviceModelEntries().find((entry) => entry.name === name);
  if (service) return withDefaultFlag([service])[0];
  // Only the owner's own rows are looked at: another user's model name is simply unknown.
  const row = await findModelConfigByName({ ownerId: input.ownerId, name });
  return row ? withDefaultFlag([customModelEntry({ row })])[0] : null;
}

function withDefaultFlag(entries: ModelCatalogueEntry[]): ModelCatalogueEntry[] {
  const name = defaultModelName();
  return entries.map((entry) => ({ ...entry, is_default: entry.name === name }));
}
