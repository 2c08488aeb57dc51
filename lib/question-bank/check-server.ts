import { EvalSetupError } from "./eval-setup-error";
import { describeApiAnswer, type WorkbenchClient } from "./workbench-client";

/**
 * Makes sure the server can take the evaluation before anything is created on it: it answers,
 * its database is up, it lets this client act (access token), and the model is configured.
 */
export async function checkServer(input: { client: WorkbenchClient; model: string }) {
  const { client } = input;
  const health = await client.json({ method: "GET", path: "/api/health" }).catch((error) => {
    throw new EvalSetupError({
      code: "SERVER_UNREACHABLE",
      message: `Nothing answers at ${client.baseUrl} (${describeFetchError(error)}).`,
    });
  });
  if (health.status !== 200 || health.body?.ok !== true) {
    throw new EvalSetupError({
      code: "SERVER_REFUSED",
      message: `The workbench at ${client.baseUrl} is not healthy (GET /api/health answered ${describeApiAnswer(health)}).`,
    });
  }
  const me = await client.json({ method: "GET", path: "/api/me" });
  if (me.status === 401) {
    throw new EvalSetupError({
      code: "SERVER_REFUSED",
      message: `The workbench at ${client.baseUrl} needs its access token: set WORKBENCH_ACCESS_TOKEN to it.`,
    });
  }
  if (me.status !== 200) {
    throw new EvalSetupError({
      code: "SERVER_REFUSED",
      message: `The workbench at ${client.baseUrl} refused GET /api/me (${describeApiAnswer(me)}).`,
    });
  }
  const models = await client.json({ method: "GET", path: "/api/models" });
  const entries = (models.body?.models ?? []) as { name: string; configured?: boolean }[];
  const entry = entries.find((candidate) => candidate.name === input.model);
  if (!entry?.configured) {
    const configured = entries.filter((candidate) => candidate.configured).map((e) => e.name);
    throw new EvalSetupError({
      code: "MODEL_NOT_CONFIGURED",
      message: `Model "${input.model}" is ${entry ? "not configured" : "unknown"} on ${client.baseUrl}; configured models: ${configured.join(", ") || "none"}.`,
    });
  }
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
