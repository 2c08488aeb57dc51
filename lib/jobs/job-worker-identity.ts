import "server-only";
import { processRegistry } from "@/lib/process/process-registry";

/** Who this process's job worker is: its executor id and the key of the lock it holds. */
export type JobWorkerIdentity = { workerId: string; lockKey: number };

// Set while this process's worker runs; the sweep reads it to recognise its own jobs.
const registry = processRegistry<{ identity?: JobWorkerIdentity }>("__workbenchJobWorkerIdentity");

/** This process's running job worker, or undefined when none runs here. */
export function currentJobWorker(): JobWorkerIdentity | undefined {
  return registry.identity;
}

/** Records (or, with undefined, forgets) this process's worker; only lib/jobs/job-worker.ts calls it. */
export function setCurrentJobWorker(identity: JobWorkerIdentity | undefined): void {
  registry.identity = identity;
}
