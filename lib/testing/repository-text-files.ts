import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Build output, installed packages, local data and test reports are not the repository's text.
const skippedDirectories = new Set([
  "node_modules",
  ".next",
  ".git",
  ".data",
  "generated",
  "test-results",
  "playwright-report",
]);
// The lockfile is written by npm, not by people; `.env` and `.env.local` are a machine's own
// settings, not the repository's.
const skippedFiles = new Set(["package-lock.json", ".env", ".env.local"]);
const textExtensions = new Set([
  ".ts",
  ".tsx",
  ".mts",
  ".mjs",
  ".cjs",
  ".js",
  ".json",
  ".md",
  ".prisma",
  ".sql",
  ".css",
  ".yml",
  ".yaml",
  ".py",
  ".sh",
  ".txt",
  ".csv",
  ".toml",
]);

/** One text file of the repository: its path relative to the root, and its content. */
export type RepositoryTextFile = { path: string; text: string };

function isTextFile(name: string): boolean {
  if (skippedFiles.has(name)) return false;
  // Environment templates (.env.example, .env.development) carry comments people write.
  if (name.startsWith(".env")) return true;
  return textExtensions.has(path.extname(name));
}

/** Every text file people write in the repository at `root` (code, tests, docs, scripts). */
export function listRepositoryTextFiles(input: { root: string }): RepositoryTextFile[] {
  const files: RepositoryTextFile[] = [];
  const visit = (directory: string) => {
    for (const entry of readdirSync(path.join(input.root, directory), { withFileTypes: true })) {
      const relative = directory ? `${directory}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) visit(relative);
      } else if (entry.isFile() && isTextFile(entry.name)) {
        files.push({ path: relative, text: readFileSync(path.join(input.root, relative), "utf8") });
      }
    }
  };
  visit("");
  return files;
}
