import "server-only";
import { processRegistry } from "@/lib/process-registry";

/** Why a running handler is being stopped. */
export type StopReason = "cancelled" | "superseded" | "lost" | "shutdown";

type Entry = { attempt: number; stop: (reason: StopReason) => void };

// The jobs this process is running right now, by job id: the worker's poll stops them, the
// heartbeat names them, the sweep leaves them alone.
const registry = processRegistry<{ jobs?: Map<string, Entry> }>("__workbenchRunningJobs");

/** This process's running jobs (shared by the worker, its poll and the sweep). */
export function runningJobs(): Map<string, Entry> {
  registry.jobs ??= new Map();
  return registry.jobs;
}
