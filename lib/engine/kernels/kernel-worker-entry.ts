import { findEngineWorkerEntry } from "../find-engine-worker-entry";

/** Where the kernel worker's entry file (kernel-worker.mjs) is on disk, or null. */
export function findKernelWorkerEntry(): string | null {
  return findEngineWorkerEntry(["kernels", ["kernel-worker", "mjs"].join(".")]);
}
