import { resetEnvForTests } from "@/lib/env";

/** Every variable that shapes the model catalogue. */
const modelVariables = [
  "DEFAULT_MODEL",
  "LLM_PROVIDER",
  "LLM_PROTOCOL",
  "LLM_BASE_URL",
  "LLM_API_KEY",
  "LLM_MODEL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "QWEN_API_KEY",
  "QWEN_BASE_URL",
];

const saved = Object.fromEntries(modelVariables.map((name) => [name, process.env[name]]));

/** Replaces every model variable (unset unless given) and makes getEnv read them again. */
export function useModelEnvironment(values: Record<string, string> = {}): void {
  for (const name of modelVariables) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
}

/** Puts the model variables back as they were when the test file started. */
export function restoreModelEnvironment(): void {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}
