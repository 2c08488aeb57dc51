import "server-only";
import { getEnv } from "@/lib/env";
import { processRegistry } from "@/lib/process/process-registry";
import type { Embedder } from "./embedder";
import { createLocalEmbedder } from "./local-embedder";
import { resolveEmbeddingService } from "./resolve-embedding-service";
import { createServiceEmbedder } from "./service-embedder";

/** Learned knowledge on (with its embedder) or off with the reason (MEM-2). */
export type EmbedderStatus =
  | { enabled: true; embedder: Embedder }
  | { enabled: false; reason: string };

type Probe = { key: string; at: number; status: Promise<EmbedderStatus> };

const registry = processRegistry<{ probe?: Probe }>("__workbenchEmbedderProbe");
const probeTimeoutMs = 5_000;
// A failed probe is retried after this long: a service that comes up later is found.
const failedProbeRetryMs = 60_000;

/**
 * The embedder this process uses, checked by a probe: one real embedding through the resolved
 * service (or the local encoder), so what is reported is what works, not which variable is set.
 */
export function getEmbedderStatus(): Promise<EmbedderStatus> {
  const env = getEnv();
  const key = JSON.stringify([
    env.EMBEDDING_PROVIDER,
    env.EMBEDDING_API_KEY,
    env.EMBEDDING_BASE_URL,
    env.EMBEDDING_MODEL,
    env.OPENAI_API_KEY,
    env.OPENAI_BASE_URL,
    env.LLM_API_KEY,
    env.LLM_BASE_URL,
    env.QWEN_API_KEY,
    env.QWEN_BASE_URL,
  ]);
  const cached = registry.probe;
  if (cached && cached.key === key) {
    const stale = Date.now() - cached.at > failedProbeRetryMs;
    if (!stale) return cached.status;
    return cached.status.then((status) => (status.enabled ? status : reprobe(key)));
  }
  return reprobe(key);
}

function reprobe(key: string): Promise<EmbedderStatus> {
  const status = probe();
  registry.probe = { key, at: Date.now(), status };
  return status;
}

async function probe(): Promise<EmbedderStatus> {
  const env = getEnv();
  if (env.EMBEDDING_PROVIDER === "off") {
    return { enabled: false, reason: "EMBEDDING_PROVIDER is off" };
  }
  let embedder: Embedder;
  if (env.EMBEDDING_PROVIDER === "local") {
    embedder = createLocalEmbedder();
  } else {
    const resolved = resolveEmbeddingService({ env });
    if ("reason" in resolved) return { enabled: false, reason: resolved.reason };
    embedder = createServiceEmbedder({
      service: resolved.service,
      dimensions: env.EMBEDDING_DIMENSIONS,
    });
  }
  try {
    const [vector] = await embedder.embed({
      texts: ["probe"],
      signal: AbortSignal.timeout(probeTimeoutMs),
    });
    if (!vector || vector.length === 0) throw new Error("it returned no vector");
    return { enabled: true, embedder: { ...embedder, dimensions: vector.length } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      enabled: false,
      reason: `the embedding model ${embedder.model} did not answer a probe: ${message}`,
    };
  }
}

/** Forgets the probe (tests that change the environment). */
export function resetEmbedderForTests(): void {
  registry.probe = undefined;
}
