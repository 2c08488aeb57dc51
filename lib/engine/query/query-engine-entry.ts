import { findEngineWorkerEntry } from "../find-engine-worker-entry";

// Joined at run time so no bundler takes the name for a module to bundle.
const entryFileName = ["query-engine-process", "mjs"].join(".");

/** Where query-engine-process.mjs is on disk, or null (see findEngineWorkerEntry). */
export function findQueryEngineEntry(): string | null {
  return findEngineWorkerEntry(["query", entryFileName]);
}
