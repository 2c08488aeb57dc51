import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageName, type SourceFile, scanSourceFiles } from "@/lib/testing/source-imports";

// The house rules of docs/architecture.md that an import can break, checked over the whole
// repository's sources. Each rule lists its offenders as "importer -> imported", so a failure
// says which line to change.

const files = scanSourceFiles({ root: path.resolve(import.meta.dirname, "..") });

/** Test helpers named before the `testing/` convention, in folders busy elsewhere for now. */
const knownMisplacedTestHelpers = [
  "lib/engine/algorithms/test-graphs.ts",
  "lib/engine/construction/sql/test-dumps.ts",
];

const under = (prefix: string) => (file: string) => file.startsWith(prefix);
const isTestCode = (file: string) =>
  /\.(test|bench)\.tsx?$/.test(file) || /(^|\/)(testing|tests|e2e|bench)\//.test(file);
const isTestHelper = (file: string) =>
  /(^|\/)(testing|tests|e2e)\//.test(file) || knownMisplacedTestHelpers.includes(file);
const isPrisma = (specifier: string, resolved: string | null) =>
  packageName(specifier)?.startsWith("@prisma/") ||
  packageName(specifier) === "prisma" ||
  Boolean(resolved?.startsWith("generated/prisma/"));

/** Every "importer -> imported" edge from files `from` selects that `forbidden` flags. */
function offenders(input: {
  from: (file: string) => boolean;
  forbidden: (specifier: string, resolved: string | null) => boolean;
  includeTypeImports: boolean;
}): string[] {
  const found = new Set<string>();
  for (const file of files.values()) {
    if (!input.from(file.path)) continue;
    for (const entry of file.imports) {
      if (entry.typeOnly && !input.includeTypeImports) continue;
      if (input.forbidden(entry.specifier, entry.resolved)) {
        found.add(`${file.path} -> ${entry.resolved ?? entry.specifier}`);
      }
    }
  }
  return [...found].sort();
}

/** A client file's first runtime path to a server-only module, or null: bundles follow it all. */
function pathToServerOnly(start: SourceFile): string[] | null {
  const previous = new Map<string, string | null>([[start.path, null]]);
  const queue = [start.path];
  while (queue.length > 0) {
    const current = files.get(queue.shift() as string) as SourceFile;
    if (current.serverOnly) {
      const chain: string[] = [];
      for (let at: string | null = current.path; at; at = previous.get(at) ?? null) {
        chain.unshift(at);
      }
      return chain;
    }
    for (const entry of current.imports) {
      if (entry.typeOnly || !entry.resolved || previous.has(entry.resolved)) continue;
      if (!files.has(entry.resolved)) continue;
      previous.set(entry.resolved, current.path);
      queue.push(entry.resolved);
    }
  }
  return null;
}

describe("architecture boundaries", () => {
  it("scans the repository's sources", () => {
    // A broken scan (wrong root, a regex that matches nothing) would pass every rule below.
    expect(files.size).toBeGreaterThan(300);
    expect(files.get("lib/agent/tools/call-mcp-tool.ts")?.serverOnly).toBe(true);
    expect([...files.values()].filter((file) => file.useClient).length).toBeGreaterThan(10);
  });

  it("keeps lib/engine free of Next, Prisma, lib/db and the agent", () => {
    const forbidden = offenders({
      from: under("lib/engine/"),
      includeTypeImports: true,
      forbidden: (specifier, resolved) =>
        packageName(specifier) === "next" ||
        isPrisma(specifier, resolved) ||
        packageName(specifier) === "ai" ||
        Boolean(packageName(specifier)?.startsWith("@ai-sdk/")) ||
        Boolean(resolved && /^lib\/(db|agent|runs|mcp)\//.test(resolved)),
    });
    expect(forbidden).toEqual([]);
  });

  it("imports Prisma only inside lib/db", () => {
    const forbidden = offenders({
      from: (file) => !file.startsWith("lib/db/") && file !== "prisma.config.ts",
      includeTypeImports: true,
      forbidden: isPrisma,
    });
    expect(forbidden).toEqual([]);
    // The Prisma client itself: application code outside lib/db goes through lib/db/queries.
    // Tests, benchmarks and scripts may import it to disconnect.
    const clientUsers = offenders({
      from: (file) => !file.startsWith("lib/db/") && !isTestCode(file) && !under("scripts/")(file),
      includeTypeImports: true,
      forbidden: (_, resolved) => resolved === "lib/db/client.ts",
    });
    expect(clientUsers).toEqual([]);
  });

  it("never lets a client file reach a server-only module", () => {
    const clientFiles = [...files.values()].filter(
      (file) =>
        !isTestCode(file.path) &&
        (file.useClient || (file.path.startsWith("hooks/") && !file.path.endsWith(".d.ts"))),
    );
    expect(clientFiles.length).toBeGreaterThan(10);
    const reached = clientFiles
      .map((file) => pathToServerOnly(file))
      .filter((chain): chain is string[] => chain !== null)
      .map((chain) => chain.join(" -> "));
    expect(reached).toEqual([]);
  });

  it("keeps lib/agent from importing lib/runs (runs → agent, never the reverse)", () => {
    const forbidden = offenders({
      from: under("lib/agent/"),
      // A type import is still a dependency on the run layer's shapes.
      includeTypeImports: true,
      forbidden: (_, resolved) => Boolean(resolved?.startsWith("lib/runs/")),
    });
    expect(forbidden).toEqual([]);
  });

  it("keeps lib/local-rules a module of its own: only the model catalogue reaches it", () => {
    // The offline model is one model among many: the rest of lib/agent (and lib/runs, routes)
    // must work the same with any model, so only lib/agent/models/** may import it.
    const importers = offenders({
      from: (file) => !under("lib/local-rules/")(file) && !under("lib/agent/models/")(file),
      includeTypeImports: true,
      forbidden: (_, resolved) => Boolean(resolved?.startsWith("lib/local-rules/")),
    });
    expect(importers).toEqual([]);
    // It reads the prompt and answers with tool calls: no database, run layer, Prisma or Next.
    const forbidden = offenders({
      from: under("lib/local-rules/"),
      includeTypeImports: true,
      forbidden: (specifier, resolved) =>
        packageName(specifier) === "next" ||
        isPrisma(specifier, resolved) ||
        Boolean(resolved && /^lib\/(db|runs)\//.test(resolved)),
    });
    expect(forbidden).toEqual([]);
  });

  it("keeps test helpers in testing/ folders (or tests/) and out of shipping code", () => {
    const shipping = offenders({
      from: (file) => !isTestCode(file) && !under("scripts/")(file),
      includeTypeImports: true,
      forbidden: (_, resolved) => Boolean(resolved && isTestHelper(resolved)),
    });
    expect(shipping).toEqual([]);
    const misplaced = [...files.keys()].filter(
      (file) =>
        /^(lib|components|hooks|app)\//.test(file) &&
        !isTestCode(file) &&
        (/(^|\/)(test-support|test-helpers|__tests__)\//.test(file) ||
          /(^|\/)(test|fake)-[^/]*$/.test(file)) &&
        !knownMisplacedTestHelpers.includes(file),
    );
    expect(misplaced).toEqual([]);
    expect(knownMisplacedTestHelpers.filter((file) => !files.has(file))).toEqual([]);
  });
});
