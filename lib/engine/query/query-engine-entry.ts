import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const entryFileName = ["query-engine-process", "mjs"].join(".");

/**
 * Where query-engine-process.mjs is on disk, or null. Beside this module under tsx and
 * vitest; inside a Next bundle this module's URL points into `.next`, so the source tree is
 * tried from `process.cwd()`. Computed, never a literal `new URL(…, import.meta.url)`, which a
 * bundler would follow and try to bundle (see ml-worker-entry.ts).
 */
export function findQueryEngineEntry(): string | null {
  const candidates = [path.join(process.cwd(), "lib", "engine", "query", entryFileName)];
  const here = moduleDirectory();
  if (here) candidates.unshift(path.join(here, entryFileName));
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
