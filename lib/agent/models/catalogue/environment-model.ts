import type { Environment } from "@/lib/env";
import type { MissingModelSetting, ModelCatalogueEntry } from "./model-catalogue-entry";
import { normaliseModelName } from "./model-name";

/** Name of the environment model when LLM_MODEL does not give one. */
export const environmentModelFallbackName = "default-llm";

/** Environment variables that may hold the environment model's key, in the order tried. */
export const environmentCredentialVariables = [
  "LLM_API_KEY",
  "OPENAI_API_KEY",
  "QWEN_API_KEY",
] as const;

export type EnvironmentCredentialVariable = (typeof environmentCredentialVariables)[number];

type ModelEnvironment = Pick<
  Environment,
  | "LLM_PROVIDER"
  | "LLM_PROTOCOL"
  | "LLM_BASE_URL"
  | "LLM_API_KEY"
  | "LLM_MODEL"
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "QWEN_API_KEY"
  | "QWEN_BASE_URL"
>;

/**
 * The model configured by environment (AF-4), or null when none of LLM_BASE_URL, LLM_API_KEY,
 * LLM_MODEL is set. Its key is LLM_API_KEY, else OPENAI_API_KEY, else QWEN_API_KEY; its base
 * URL is LLM_BASE_URL, else OPENAI_BASE_URL, else QWEN_BASE_URL (the fallback order of
 * .env.example and MEM-2). An incomplete setup still appears, unconfigured, with what is missing.
 */
export function environmentModelEntry(input: {
  env: ModelEnvironment;
}): ModelCatalogueEntry | null {
  const { env } = input;
  if (!env.LLM_BASE_URL && !env.LLM_API_KEY && !env.LLM_MODEL) return null;
  const credentialVariable = environmentCredentialVariables.find((variable) => env[variable]);
  const baseUrl = env.LLM_BASE_URL ?? env.OPENAI_BASE_URL ?? env.QWEN_BASE_URL;
  const entry: ModelCatalogueEntry = {
    name: normaliseModelName({ name: env.LLM_MODEL ?? environmentModelFallbackName }),
    provider: env.LLM_PROVIDER.trim() || null,
    protocol: env.LLM_PROTOCOL,
    base_url: baseUrl ? withoutUrlCredentials(baseUrl) : null,
    remote_model_id: env.LLM_MODEL ?? null,
    credential_ref: credentialVariable ? `env:${credentialVariable}` : null,
    source: "environment",
    is_default: false,
    configured: false,
  };
  const missing: MissingModelSetting[] = [];
  if (!entry.provider) missing.push("provider");
  if (!entry.base_url) missing.push("base_url");
  if (!entry.remote_model_id) missing.push("remote_model_id");
  if (!entry.credential_ref) missing.push("credentials");
  return missing.length === 0 ? { ...entry, configured: true } : { ...entry, missing };
}

// fetch refuses URLs with user:password anyway, and the catalogue is shown to the browser:
// dropping them keeps a password typed into LLM_BASE_URL out of every API answer.
function withoutUrlCredentials(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return url;
  parsed.username = "";
  parsed.password = "";
  return parsed.toString();
}
