import path from "node:path";

/**
 * The name a Derived version downloads as: its last path segment with the version before the
 * extension (`out/ranks.csv` v2 → `ranks@v2.csv`), so the file keeps an extension that opens it.
 */
export function derivedDownloadName(input: { path: string; version: number }): string {
  const base = path.posix.basename(input.path);
  const extension = path.posix.extname(base);
  const stem = extension ? base.slice(0, -extension.length) : base;
  return `${stem}@v${input.version}${extension}`;
}
