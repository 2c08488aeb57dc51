import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the kernel worker's entry file (kernel-worker.mjs) is on disk, or null. Found as the ML
 * worker's is (ml-worker-entry.ts): beside this module under tsx and vitest; inside a Next
 * bundle (`next dev`, `next start`) this module's URL points into `.next`, so the app's source
 * tree is tried from `process.cwd()`. The path is computed, never a literal
 * `new URL("./kernel-worker.mjs", import.meta.url)`, which a bundler would follow and bundle.
 */
export function findKernelWorkerEntry(): string | null {
  const candidates = [path.join(process.cwd(), "lib", "engine", "kernels", workerFileName)];
  const here = moduleDirectory();
  if (here) candidates.unshift(path.join(here, workerFileName));
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

const workerFileName = ["kernel-worker", "mjs"].join(".");

function moduleDirectory(): string | null {
  try {
    const url = import.meta.url;
    return url.startsWith("file:") ? path.dirname(fileURLToPath(url)) : null;
  } catch {
    return null;
  }
}
