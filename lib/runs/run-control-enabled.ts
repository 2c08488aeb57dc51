import "server-only";
import { getInternalServiceKey } from "@/lib/backend/identity/internal-service-key";
import { getEnv } from "@/lib/env";

/**
 * Persistent execution control (cancel, edit latest turn) is on when IGRAPH_RUN_CANCEL_ENABLED
 * is set and an internal service key is available (RC-1). The reason is shown when it is off.
 */
export function runControlStatus(): { enabled: boolean; reason: string } {
  if (!getEnv().IGRAPH_RUN_CANCEL_ENABLED) {
    return { enabled: false, reason: "IGRAPH_RUN_CANCEL_ENABLED is off" };
  }
  try {
    getInternalServiceKey();
  } catch {
    return { enabled: false, reason: "no valid INTERNAL_SERVICE_KEY is configured" };
  }
  return { enabled: true, reason: "IGRAPH_RUN_CANCEL_ENABLED is on and the internal key is set" };
}
