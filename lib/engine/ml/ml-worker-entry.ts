import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the worker thread's entry file (ml-worker.mjs) is on disk, or null when it cannot be
 * found. Beside this module under tsx and vitest; inside a Next bundle (`next dev`,
 * `next start`) this module's URL points into `.next`, so the app's own source tree is tried,
 * from `process.cwd()` (Next serves from the project root). The paths are computed, never a
 * literal `new URL("./ml-worker.mjs", import.meta.url)`: a bundler follows that literal and
 * bundles the worker with tsx and esbuild, which breaks the whole Next compilation.
 */
export function findMlWorkerEntry(): string | null {
  const candidates = [path.join(process.cwd(), "lib", "engine", "ml", workerFileName)];
  const here = moduleDirectory();
  if (here) candidates.unshift(path.join(here, workerFileName));
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

const workerFileName = ["ml-worker", "mjs"].join(".");

function moduleDirectory(): string | null {
  try {
    const url = import.meta.url;
    return url.startsWith("file:") ? path.dirname(fileURLToPath(url)) : null;
  } catch {
    return null;
  }
}
