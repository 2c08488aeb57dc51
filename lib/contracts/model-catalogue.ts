import { z } from "zod";

// Client-safe: `GET /api/models` answers this shape (lib/agent/models/catalogue builds it) and
// the model picker parses it. An entry carries a credential *reference* only, never a secret.

/** Wire protocols a model can speak (the `ModelProtocol` enum of the schema). */
export const modelProtocolSchema = z.enum([
  "local_rules",
  "openai_chat",
  "openai_responses",
  "openai_compatible",
]);

export type ModelProtocol = z.infer<typeof modelProtocolSchema>;

/** What a model needs before it can be called; reported in `missing` and in errors. */
export const missingModelSettingSchema = z.enum([
  "provider",
  "protocol",
  "base_url",
  "remote_model_id",
  "credentials",
]);

export type MissingModelSetting = z.infer<typeof missingModelSettingSchema>;

/** One model of the catalogue (docs/api.md `GET /api/models`). */
export const modelCatalogueEntrySchema = z.object({
  name: z.string(),
  provider: z.string().nullable(),
  protocol: modelProtocolSchema.nullable(),
  base_url: z.string().nullable(),
  remote_model_id: z.string().nullable(),
  /** `env:<VARIABLE>`, `secret:<model config id>` or null (local-rules needs none). */
  credential_ref: z.string().nullable(),
  source: z.enum(["builtin", "environment", "custom"]),
  is_default: z.boolean(),
  configured: z.boolean(),
  missing: z.array(missingModelSettingSchema).optional(),
});

export type ModelCatalogueEntry = z.infer<typeof modelCatalogueEntrySchema>;

/** `GET /api/models`. */
export const modelListSchema = z.object({
  /** The model a request without `options.model` uses (it may be missing or unconfigured). */
  default_model: z.string(),
  /** Whether that default can be called right now. */
  default_configured: z.boolean(),
  models: z.array(modelCatalogueEntrySchema),
});

export type ModelList = z.infer<typeof modelListSchema>;
