import "server-only";
import { executeRun } from "@/lib/agent/execute-run";
import { touchRunHeartbeat } from "@/lib/db/queries/runs";
import { processRegistry } from "@/lib/process-registry";
import { executorId } from "./executor-id";
import { runEventLog } from "./run-event-log";

/** How often a running run proves its executor is alive. */
export const runHeartbeatMs = 20_000;

const registry = processRegistry<{ scopes?: Map<string, AbortController> }>("__workbenchRunScopes");

/** The abort controller of a run executing in this process (the run scope's root, RC-5). */
export function runScope(runId: string): AbortController | undefined {
  return registry.scopes?.get(runId);
}

/**
 * Starts a run's execution in the background: the HTTP request that admitted it returns 202
 * at once, and the browser follows the run through its event stream (EV-1).
 */
export function launchRun(input: { runId: string; ownerId: string }): void {
  registry.scopes ??= new Map();
  const controller = new AbortController();
  registry.scopes.set(input.runId, controller);
  const log = runEventLog(input.runId, { create: true });
  if (!log) throw new Error("could not create the run's event log");
  // Liveness evidence for the start-up reconciler of another process (PS-4).
  const heartbeat = setInterval(() => {
    touchRunHeartbeat({ runId: input.runId, executorId: executorId() }).catch(() => {});
  }, runHeartbeatMs);
  heartbeat.unref();
  void executeRun({ runId: input.runId, ownerId: input.ownerId, log, signal: controller.signal })
    .catch((error) => console.error(`run ${input.runId}: executor crashed:`, error))
    .finally(() => {
      clearInterval(heartbeat);
      registry.scopes?.delete(input.runId);
    });
}
