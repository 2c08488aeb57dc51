import { existsSync, readFileSync } from "node:fs";
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

/**
 * The folder a file belongs to for the folder rules: `lib/<name>` (a file directly in lib/ is a
 * folder of its own, `lib/env.ts` is `lib/env`), `hooks`, `components` or `app`; null for
 * everything else (scripts, tests/, configuration), which may import whatever it runs.
 */
function folderOf(file: string): string | null {
  const inLib = file.match(/^lib\/([^/]+?)(?:\.tsx?$|\/)/);
  if (inLib) return `lib/${inLib[1]}`;
  return file.match(/^(hooks|components|app)\//)?.[1] ?? null;
}

/** Folder → folder it imports → the file edges, over non-test code, type imports included. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of files.values()) {
    const from = folderOf(file.path);
    if (!from || isTestCode(file.path)) continue;
    for (const entry of file.imports) {
      const to = entry.resolved ? folderOf(entry.resolved) : null;
      if (!to || to === from) continue;
      const targets = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, targets);
      targets.set(to, [...(targets.get(to) ?? []), `${file.path} -> ${entry.resolved}`]);
    }
  }
  return graph;
}

/**
 * The groups of two or more folders (or files) that reach each other (Tarjan's strongly
 * connected components).
 */
function groupsInCycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (folder: string) => {
    order.set(folder, order.size);
    lowest.set(folder, order.get(folder) as number);
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(folder, Math.min(lowest.get(folder) as number, lowest.get(next) as number));
      } else if (stack.includes(next)) {
        lowest.set(folder, Math.min(lowest.get(folder) as number, order.get(next) as number));
      }
    }
    if (lowest.get(folder) !== order.get(folder)) return;
    const group = stack.splice(stack.indexOf(folder));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!order.has(folder)) visit(folder);
  return groups;
}

/** A shortest folder cycle through `start` inside `group` (breadth first), as a folder list. */
function shortestCycle(
  graph: Map<string, Map<string, string[]>>,
  group: string[],
  start: string,
): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const next of [...(graph.get(current)?.keys() ?? [])].sort()) {
      if (!group.includes(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let at = current; at !== start; at = previous.get(at) as string) {
          cycle.splice(1, 0, at);
        }
        return [...cycle, start];
      }
      if (previous.has(next)) continue;
      previous.set(next, current);
      queue.push(next);
    }
  }
  return [];
}

/**
 * Every folder-level import cycle, as "a -> b: file -> file" lines. First the pairs of folders
 * that import each other (the usual cause), each by its lighter direction, the imports to move;
 * then, with those pairs set aside, a shortest cycle of each group that still reaches itself
 * through three or more folders.
 */
function folderCycles(): string[] {
  const graph = folderGraph();
  const found: string[] = [];
  const rest = new Map<string, Map<string, string[]>>();
  for (const [from, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [to, edges] of targets) {
      const back = graph.get(to)?.get(from);
      if (!back) {
        rest.set(from, (rest.get(from) ?? new Map()).set(to, edges));
      } else if (edges.length < back.length || (edges.length === back.length && from < to)) {
        const against = `${back.length} import(s) ${to} -> ${from}`;
        for (const edge of [...edges].sort()) {
          found.push(`${from} -> ${to} (against ${against}): ${edge}`);
        }
      }
    }
  }
  for (const group of groupsInCycles(rest)) {
    const cycle = shortestCycle(rest, group, group[0]);
    for (let index = 0; index + 1 < cycle.length; index += 1) {
      const edges = rest.get(cycle[index])?.get(cycle[index + 1]) ?? [];
      for (const edge of [...edges].sort()) found.push(`${cycle.join(" -> ")}: ${edge}`);
    }
  }
  return found;
}

/** File → file it imports → the import, over lib/local-rules' non-test code, type imports included. */
function localRulesFileGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of files.values()) {
    if (!under("lib/local-rules/")(file.path) || isTestCode(file.path)) continue;
    const targets = new Map<string, string[]>();
    for (const entry of file.imports) {
      if (!entry.resolved || !under("lib/local-rules/")(entry.resolved)) continue;
      targets.set(entry.resolved, [`${file.path} -> ${entry.resolved}`]);
    }
    graph.set(file.path, targets);
  }
  return graph;
}

/** Every file-level import cycle, as "a -> b -> … -> a", one shortest cycle per group. */
function fileCycles(graph: Map<string, Map<string, string[]>>): string[] {
  return groupsInCycles(graph).map((group) => shortestCycle(graph, group, group[0]).join(" -> "));
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

  it("has no import cycle between folders (lib/<name>, hooks, components, app)", () => {
    // A cycle makes two folders one module in all but name: neither can be read, tested or
    // moved without the other. The direction follows the nouns (docs/architecture.md).
    expect(folderGraph().size).toBeGreaterThan(10);
    expect(folderCycles()).toEqual([]);
  });

  it("marks every lib/db module server-only: no client bundle, no plain script reaches the database", () => {
    // Scripts load it with `tsx --conditions=react-server`, vitest through its alias, the e2e
    // suite through a child process (e2e/support/source-database-server.mts).
    const storage = [...files.values()].filter(
      (file) => under("lib/db/")(file.path) && !isTestCode(file.path),
    );
    expect(storage.length).toBeGreaterThan(50);
    expect(storage.filter((file) => !file.serverOnly).map((file) => file.path)).toEqual([]);
  });

  it("keeps lib/db free of domain folders: storage serves the domains, never the reverse", () => {
    // lib/process-registry and lib/process are process plumbing (per-process slots, this
    // process's identity), not a domain.
    const allowed = new Set([
      "lib/db",
      "lib/contracts",
      "lib/errors",
      "lib/env",
      "lib/process-registry",
      "lib/process",
    ]);
    const forbidden = offenders({
      from: (file) => under("lib/db/")(file) && !isTestCode(file),
      includeTypeImports: true,
      forbidden: (_, resolved) => {
        const folder = resolved ? folderOf(resolved) : null;
        return folder !== null && !allowed.has(folder);
      },
    });
    expect(forbidden).toEqual([]);
  });

  it("imports lib/server, the composition root, only from entry points", () => {
    // lib/server wires every domain together (start-up, job kinds, health, capabilities); a
    // domain that imported it would depend on all the others. Entry points: the routes (app/),
    // instrumentation.ts, scripts/ and the evaluation harness lib/question-bank, which starts the
    // app the way `npm run dev` does.
    const importers = offenders({
      from: (file) =>
        !isTestCode(file) &&
        !/^(lib\/server|app|scripts|lib\/question-bank)\//.test(file) &&
        file !== "instrumentation.ts",
      includeTypeImports: true,
      forbidden: (_, resolved) => Boolean(resolved?.startsWith("lib/server/")),
    });
    expect(importers).toEqual([]);
  });

  it("keeps lib/contracts free of server-side code: only itself, the pure engine and packages", () => {
    // Clients parse with these schemas (see also lib/contracts/contracts-server-free.test.ts,
    // which follows the imports transitively); a domain or storage import would pull the server in.
    const forbidden = offenders({
      from: (file) => under("lib/contracts/")(file) && !isTestCode(file),
      includeTypeImports: true,
      forbidden: (specifier, resolved) =>
        packageName(specifier) === "next" ||
        packageName(specifier) === "server-only" ||
        specifier.startsWith("node:") ||
        isPrisma(specifier, resolved) ||
        Boolean(resolved && !/^lib\/(contracts|engine)\//.test(resolved)),
    });
    expect(forbidden).toEqual([]);
  });

  it("names only files that exist in docs/architecture.md", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const text = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const named = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((match) => match[1])
      // A placeholder (`lib/<name>`) or a pattern (`*.py`) names no one file.
      .filter((name) => /^(lib|app|hooks|components|scripts|tests|docs|prisma|e2e)\//.test(name))
      .filter((name) => !/[<*{]/.test(name));
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((name) => !existsSync(path.join(root, name)))).toEqual([]);
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
    // (The measurement script of its meaning scorers is a tool of the team, not the product.)
    const importers = offenders({
      from: (file) =>
        !under("lib/local-rules/")(file) &&
        !under("lib/agent/models/")(file) &&
        file !== "scripts/measure-reading-scorers.ts",
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

  it("has no import cycle between the files of lib/local-rules", () => {
    // A question family imports its planner, never the registry or the grammar that lists it;
    // a cycle means two files cannot be read or changed apart (relative and "@/lib/local-rules"
    // imports alike, type imports included).
    const graph = localRulesFileGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("lib/local-rules/families/index.ts")?.size).toBeGreaterThan(20);
    expect(fileCycles(graph)).toEqual([]);
  });

  it("files lib/local-rules by what each part does: at most 10 files in its root", () => {
    // The root is the model and its step decision; reading, planning, writing, the families and
    // the conversation live in folders of their own, so a reader opens the folder of the noun.
    const root = [...files.keys()].filter((file) => /^lib\/local-rules\/[^/]+$/.test(file));
    expect(root.length).toBeGreaterThan(1);
    expect(root.length).toBeLessThanOrEqual(10);
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
