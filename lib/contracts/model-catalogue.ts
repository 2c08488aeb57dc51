import { z } from "zod";

/** One model of the catalogue (no secrets: the API only names what is missing). */
export const modelEntrySchema = z.object({
  name: z.string(),
  provider: z.string().nullish(),
  protocol: z.string().nullish(),
  source: z.string(),
  is_default: z.boolean(),
  configured: z.boolean(),
  missing: z.array(z.string()).optional(),
});

export type ModelEntry = z.infer<typeof modelEntrySchema>;

/** `GET /api/models`. */
export const modelListSchema = z.object({
  default_model: z.string(),
  default_configured: z.boolean(),
  models: z.array(modelEntrySchema),
});

export type ModelList = z.infer<typeof modelListSchema>;
