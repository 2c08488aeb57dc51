import "server-only";
import { processRegistry } from "@/lib/process/process-registry";

/** Why a running handler is being stopped. */
export type StopReason = "cancelled" | "superseded" | "lost" | "shutdown";

type Entry = {
  attempt: number;
  stop: (reason: StopReason) => void;
  /**
   * True once the claim landed. Until then the row is still `queued`, which the poll would read
   * as "no longer ours" and stop the handler before it ran — so the poll skips it.
   */
  claimed: boolean;
};

// The jobs this process is running (or claiming) right now, by job id: the worker's poll stops
// and heartbeats the claimed ones.
const registry = processRegistry<{ jobs?: Map<string, Entry> }>("__workbenchRunningJobs");

/** This process's running jobs (shared by the worker, its poll and the sweep). */
export function runningJobs(): Map<string, Entry> {
  registry.jobs ??= new Map();
  return registry.jobs;
}
