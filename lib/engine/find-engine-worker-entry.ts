import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where a worker thread's entry file under lib/engine is on disk, or null when it cannot be
 * found (`relativePath` like ["ml", "ml-worker.mjs"]). Beside the engine's sources under tsx and
 * vitest; inside a Next bundle (`next dev`, `next start`) this module's URL points into `.next`,
 * so the app's own source tree is tried, from `process.cwd()` (Next serves from the project
 * root). The paths are computed, never a literal `new URL("./ml-worker.mjs", import.meta.url)`:
 * a bundler follows that literal and bundles the worker with tsx and esbuild, which breaks the
 * whole Next compilation.
 */
export function findEngineWorkerEntry(relativePath: string[]): string | null {
  const candidates = [path.join(process.cwd(), "lib", "engine", ...relativePath)];
  const here = moduleDirectory();
  if (here) candidates.unshift(path.join(here, ...relativePath));
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

function moduleDirectory(): string | null {
  try {
    const url = import.meta.url;
    return url.startsWith("file:") ? path.dirname(fileURLToPath(url)) : null;
  } catch {
    return null;
  }
}
