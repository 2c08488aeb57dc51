import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** One import, export-from or dynamic import of a source file. */
export type SourceImport = {
  specifier: string;
  /** `import type` / `export type` (or every binding marked `type`): erased from the bundle. */
  typeOnly: boolean;
  /** The repository-relative file it names, or null for a package (or an unresolvable path). */
  resolved: string | null;
};

/** What the boundary rules need to know about one source file. */
export type SourceFile = {
  path: string;
  imports: SourceImport[];
  /** Starts with a "use client" directive. */
  useClient: boolean;
  /** Has `import "server-only"`. */
  serverOnly: boolean;
};

const sourceExtensions = [".ts", ".tsx", ".mts"];
const skippedDirectories = new Set(["node_modules", ".next", ".data", ".git", "generated"]);

// Static forms anchored at a line start, so JSDoc and prose that mention an import are not
// read as one; the lazy middle spans multi-line `{ … }` binding lists.
const staticImport =
  /^[ \t]*(import|export)\s+(type\s+)?(?:([^'"`;]*?)\s*from\s*)?["']([^"'\n]+)["']/gm;
const dynamicImport = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;
const useClientDirective = /^(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*["']use client["']/;
const serverOnlyImport = /^import\s+["']server-only["']/m;

/** Every TypeScript source file of the repository at `root`, keyed by relative path. */
export function scanSourceFiles(input: { root: string }): Map<string, SourceFile> {
  const files = new Map<string, SourceFile>();
  for (const relative of listSourceFiles(input.root, "")) {
    const text = readFileSync(path.join(input.root, relative), "utf8");
    files.set(relative, {
      path: relative,
      imports: readImports({ root: input.root, file: relative, text }),
      useClient: useClientDirective.test(text),
      serverOnly: serverOnlyImport.test(text),
    });
  }
  return files;
}

function listSourceFiles(root: string, directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const relative = directory ? `${directory}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!skippedDirectories.has(entry.name)) found.push(...listSourceFiles(root, relative));
    } else if (
      sourceExtensions.some((extension) => entry.name.endsWith(extension)) &&
      !entry.name.endsWith(".d.ts")
    ) {
      found.push(relative);
    }
  }
  return found;
}

function readImports(input: { root: string; file: string; text: string }): SourceImport[] {
  const imports: SourceImport[] = [];
  for (const match of input.text.matchAll(staticImport)) {
    const [, , typeKeyword, bindings, specifier] = match;
    imports.push({
      specifier,
      typeOnly: Boolean(typeKeyword) || everyBindingIsType(bindings),
      resolved: resolveSpecifier({ root: input.root, from: input.file, specifier }),
    });
  }
  for (const match of input.text.matchAll(dynamicImport)) {
    const specifier = match[1];
    imports.push({
      specifier,
      typeOnly: false,
      resolved: resolveSpecifier({ root: input.root, from: input.file, specifier }),
    });
  }
  return imports;
}

/** `{ type A, type B }`: TypeScript erases the whole statement. */
function everyBindingIsType(bindings: string | undefined): boolean {
  const list = bindings?.trim().match(/^\{([\s\S]*)\}$/)?.[1];
  if (!list) return false;
  const names = list
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

/** The relative path `specifier` names (`@/` alias or relative), or null for a package. */
export function resolveSpecifier(input: {
  root: string;
  from: string;
  specifier: string;
}): string | null {
  let base: string;
  if (input.specifier.startsWith("@/")) base = input.specifier.slice(2);
  else if (input.specifier.startsWith(".")) {
    base = path.posix.normalize(path.posix.join(path.posix.dirname(input.from), input.specifier));
  } else return null;
  const withoutJs = base.replace(/\.m?js$/, "");
  const candidates = [
    base,
    ...sourceExtensions.map((extension) => withoutJs + extension),
    ...sourceExtensions.map((extension) => `${base}/index${extension}`),
  ];
  for (const candidate of candidates) {
    const absolute = path.join(input.root, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return candidate;
  }
  return null;
}

/** The package an import names (`@scope/name` or `name`), or null for a local path. */
export function packageName(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("@/")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
