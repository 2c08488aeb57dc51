import { z } from "zod";

/** Wire protocols a model can speak (the `ModelProtocol` enum of the schema). */
export const modelProtocolSchema = z.enum([
  "local_rules",
  "openai_chat",
  "openai_responses",
  "openai_compatible",
]);

export type ModelProtocol = z.infer<typeof modelProtocolSchema>;

/** Protocols a user may pick for a custom model (`local_rules` is the one built-in). */
export const remoteModelProtocolSchema = modelProtocolSchema.exclude(["local_rules"]);

export type RemoteModelProtocol = z.infer<typeof remoteModelProtocolSchema>;

/** What a model needs before it can be called; reported in `missing` and in errors. */
export type MissingModelSetting =
  | "provider"
  | "protocol"
  | "base_url"
  | "remote_model_id"
  | "credentials";

/**
 * One model of the catalogue as the API shows it (docs/api.md `GET /api/models`). It carries a
 * credential *reference* only: the secret itself is read at resolution time and never stored
 * on an entry, so an entry can be serialised anywhere without leaking a key.
 */
export type ModelCatalogueEntry = {
  name: string;
  provider: string | null;
  protocol: ModelProtocol | null;
  base_url: string | null;
  remote_model_id: string | null;
  /** `env:<VARIABLE>`, `secret:<model config id>` or null (local-rules needs none). */
  credential_ref: string | null;
  source: "builtin" | "environment" | "custom";
  is_default: boolean;
  configured: boolean;
  missing?: MissingModelSetting[];
};

/** The name of the offline built-in model (AF-4). */
export const localRulesModelName = "local-rules";
