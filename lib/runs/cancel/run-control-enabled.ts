import "server-only";
import { getEnv } from "@/lib/env";
import { getInternalServiceKey } from "@/lib/identity/internal-service-key";

/**
 * Persistent execution control (cancel / Stop) is on when IGRAPH_RUN_CANCEL_ENABLED
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

/**
 * Edit latest turn (edit_latest_turn_v1) is decided on its own (seed: 单独决定), not by the
 * cancel flag: it only needs runs whose end is saved, which every run has here.
 */
export function editLatestTurnStatus(): { enabled: boolean; reason: string } {
  return getEnv().IGRAPH_EDIT_LATEST_TURN_ENABLED
    ? { enabled: true, reason: "IGRAPH_EDIT_LATEST_TURN_ENABLED is on" }
    : { enabled: false, reason: "IGRAPH_EDIT_LATEST_TURN_ENABLED is off" };
}
