import { z } from "zod";
import { hasControlCharacters } from "@/lib/text/has-control-characters";
import { remoteModelProtocolSchema } from "./model-catalogue-entry";
import { modelNameSchema } from "./model-name";

const baseUrlSchema = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: "base_url must be an http:// or https:// URL." }))
  .refine((url) => {
    // Zod runs this even after the URL check failed; that failure is already reported.
    if (!URL.canParse(url)) return true;
    const parsed = new URL(url);
    return !parsed.username && !parsed.password;
  }, "base_url must not contain a user name or password; give the key as api_key.")
  // The providers append "/chat/completions" etc.: a trailing slash would double it.
  .transform((url) => url.replace(/\/+$/, ""));

/**
 * Body of `POST /api/models` (and input of createCustomModel). Strict on purpose: there is no
 * `credential_ref` field, so a custom model can only carry its own key and never borrow the
 * service's environment keys for a URL the user chose.
 */
export const createCustomModelBodySchema = z.strictObject({
  name: modelNameSchema,
  provider: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, {
      error: "A custom model needs a provider (e.g. openai, qwen, vllm, ollama).",
      abort: true,
    })
    .max(64)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, "Providers use letters, digits and . _ -."),
  protocol: remoteModelProtocolSchema,
  base_url: baseUrlSchema,
  remote_model_id: z
    .string()
    .trim()
    .min(1, "remote_model_id is the model id the server expects (e.g. gpt-4o-mini).")
    .max(200)
    .refine((id) => !hasControlCharacters(id), "Control characters are not allowed."),
  api_key: z
    .string()
    .trim()
    .min(
      1,
      "api_key must not be empty; leave it out for a server that needs none (the model then stays unconfigured).",
    )
    .max(4096)
    .refine((key) => !hasControlCharacters(key), "Control characters are not allowed.")
    .optional(),
});

/** What a caller passes (before trimming and normalising). */
export type CreateCustomModelInput = z.input<typeof createCustomModelBodySchema>;
