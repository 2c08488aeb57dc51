/**
 * The content type a download is served with, from its extension. Only types the workbench
 * produces are named; anything else is `application/octet-stream`, which no browser renders.
 */
const contentTypes: Record<string, string> = {
  csv: "text/csv; charset=utf-8",
  tsv: "text/tab-separated-values; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  log: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  json: "application/json",
  jsonl: "application/x-ndjson",
  sql: "application/sql",
  // Served as an attachment with a sandboxing CSP (downloadHeaders), so it stays inert.
  html: "text/html; charset=utf-8",
  png: "image/png",
  pdf: "application/pdf",
  zip: "application/zip",
};

/** The content type for a file name (case-insensitive extension). */
export function contentTypeForName({ name }: { name: string }): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (extension && contentTypes[extension]) || "application/octet-stream";
}
