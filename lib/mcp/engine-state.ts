import "server-only";
import { SessionGraphStore } from "@/lib/engine/session/session-graph-store";
import { processRegistry } from "@/lib/process/process-registry";

const registry = processRegistry<{ store?: SessionGraphStore }>("__workbenchSessionGraphs");

/** The process's session graphs (engine memory), shared across requests and dev reloads. */
export function sessionGraphs(): SessionGraphStore {
  registry.store ??= new SessionGraphStore();
  return registry.store;
}
