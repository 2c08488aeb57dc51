import type { z } from "zod";
import { modelProtocolSchema } from "@/lib/contracts/model-catalogue";

// The catalogue's wire shapes (an entry, its protocol, what it misses) live in
// lib/contracts/model-catalogue.ts, where the model picker parses them; the server builds its
// entries with the same types.
export type {
  MissingModelSetting,
  ModelCatalogueEntry,
  ModelProtocol,
} from "@/lib/contracts/model-catalogue";
export { modelProtocolSchema };

/** Protocols a user may pick for a custom model (`local_rules` is the one built-in). */
export const remoteModelProtocolSchema = modelProtocolSchema.exclude(["local_rules"]);

export type RemoteModelProtocol = z.infer<typeof remoteModelProtocolSchema>;

/** The name of the offline built-in model (AF-4). */
export const localRulesModelName = "local-rules";
