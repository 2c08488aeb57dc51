import { findEngineWorkerEntry } from "../find-engine-worker-entry";

/** Where the ML worker thread's entry file (ml-worker.mjs) is on disk, or null. */
export function findMlWorkerEntry(): string | null {
  return findEngineWorkerEntry(["ml", ["ml-worker", "mjs"].join(".")]);
}
