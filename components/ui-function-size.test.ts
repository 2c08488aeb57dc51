import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The UI's size rule: no component, hook or helper function in components/, hooks/ or the app's
// pages is longer than 150 lines, so each one can be read in one go. A failure lists the
// offenders as "file:line name (lines)", longest first.

const maximumLines = 150;
const root = path.resolve(import.meta.dirname, "..");

/** Source files of the UI: every .ts/.tsx under components/ and hooks/, the .tsx files of app/. */
function uiSourceFiles(): string[] {
  const found: string[] = [];
  const walk = (folder: string, accept: (file: string) => boolean) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative, accept);
      else if (accept(entry.name) && !/\.(test|bench)\.tsx?$/.test(entry.name)) {
        found.push(relative);
      }
    }
  };
  walk("components", (name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"));
  walk("hooks", (name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"));
  walk("app", (name) => name.endsWith(".tsx"));
  return found.sort();
}

/** The name a function goes by: its own, or the variable, property or method it is bound to. */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  if (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)) &&
    node.name
  ) {
    return node.name.getText(source);
  }
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) {
    return parent.name.getText(source);
  }
  return "(anonymous)";
}

interface FunctionSize {
  where: string;
  lines: number;
}

function functionSizes(file: string): FunctionSize[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const sizes: FunctionSize[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      sizes.push({
        where: `${file}:${first + 1} ${functionName(node, source)}`,
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

describe("UI function size", () => {
  const files = uiSourceFiles();

  it("scans the UI's sources", () => {
    // A wrong root or filter would pass the rule below with nothing to check.
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("hooks/use-run-view.ts");
    expect(files.some((file) => file.startsWith("app/"))).toBe(true);
  });

  it(`keeps every function in components/, hooks/ and app/ within ${maximumLines} lines`, () => {
    const offenders = files
      .flatMap(functionSizes)
      .filter((size) => size.lines > maximumLines)
      .sort((left, right) => right.lines - left.lines)
      .map((size) => `${size.where} (${size.lines} lines)`);
    expect(offenders).toEqual([]);
  });
});
