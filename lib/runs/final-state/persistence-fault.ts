import { processRegistry } from "@/lib/process/process-registry";

const registry = processRegistry<{ faults?: Map<string, number> }>("__workbenchPersistenceFaults");

/**
 * Fault injection for the PS-2 tests: makes the next `times` final-state merges of a run fail
 * inside their transaction, after every write, just before the commit. Inert unless a test arms
 * it; there is no route or variable that reaches it.
 */
export function armPersistenceFault(runId: string, times = 1): void {
  registry.faults ??= new Map();
  registry.faults.set(runId, times);
}

/** Throws once per armed fault of the run. */
export function consumePersistenceFault(runId: string): void {
  const remaining = registry.faults?.get(runId) ?? 0;
  if (remaining <= 0) return;
  registry.faults?.set(runId, remaining - 1);
  throw new Error(`injected persistence fault for run ${runId}`);
}
