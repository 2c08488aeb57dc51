import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  engineCapabilitiesKey,
  engineCapabilitiesSchema,
} from "@/lib/contracts/engine-capabilities";
import { getEnv } from "@/lib/env";
import { getInternalServiceKey } from "@/lib/identity/internal-service-key";

/** One feature as the engine supports it, with the reason shown when it does not. */
export type EngineSupport = { enabled: boolean; reason: string };

/** What a separate engine (GRAPH_ENGINE_URL) says it can stop: calls (Stop) and jobs. */
export type EngineCancelSupport = { runCancel: EngineSupport; jobCancel: EngineSupport };

/** How long an answer is kept: capabilities are read per page load, the engine rarely changes. */
const cacheMs = 30_000;
/** How long the engine may take to answer `initialize` before it counts as unreachable. */
const probeTimeoutMs = 3_000;

const cache = new Map<string, { at: number; support: Promise<EngineCancelSupport> }>();

/**
 * Asks the separate graph engine (GRAPH_ENGINE_URL) whether it honours Stop and job cancel: its
 * MCP `initialize` answer declares them under `experimental`. Null when the engine runs in this
 * process (its code is this build's, nothing to ask). An engine that declares nothing, or
 * cannot be reached, supports neither, with the reason. Answers are kept briefly per URL, so
 * capability reads do not open a session each.
 */
export async function readEngineCancelSupport(): Promise<EngineCancelSupport | null> {
  const url = getEnv().GRAPH_ENGINE_URL;
  if (!url) return null;
  const cached = cache.get(url);
  if (cached && Date.now() - cached.at < cacheMs) return cached.support;
  const support = probe(url);
  cache.set(url, { at: Date.now(), support });
  return support;
}

async function probe(url: string): Promise<EngineCancelSupport> {
  const client = new Client({ name: "graph-workbench-runtime", version: "1.0.0" });
  const signal = AbortSignal.timeout(probeTimeoutMs);
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { "x-internal-key": getInternalServiceKey() }, signal },
      }),
      { signal, timeout: probeTimeoutMs },
    );
    const declared = engineCapabilitiesSchema.safeParse(
      client.getServerCapabilities()?.experimental?.[engineCapabilitiesKey],
    );
    const says = declared.success ? declared.data : {};
    return {
      runCancel: declaredSupport(says.run_cancel_v1, "stops a call whose request is aborted"),
      jobCancel: declaredSupport(says.job_cancel_v1, "cancels its jobs"),
    };
  } catch (error) {
    console.warn(`graph engine at ${url} did not answer the capability probe:`, error);
    const unreachable = {
      enabled: false,
      reason:
        "the graph engine (GRAPH_ENGINE_URL) could not be reached to ask whether it can stop work",
    };
    return { runCancel: unreachable, jobCancel: unreachable };
  } finally {
    await client.close().catch(() => {});
  }
}

function declaredSupport(declared: boolean | undefined, what: string): EngineSupport {
  return declared === true
    ? { enabled: true, reason: `the graph engine (GRAPH_ENGINE_URL) declares that it ${what}` }
    : {
        enabled: false,
        reason: `the graph engine (GRAPH_ENGINE_URL) does not declare that it ${what}`,
      };
}
