import type { GraphExportFormat } from "@/lib/contracts/graph-export";
import { graphExportWriters } from "./graph-export-formats";

/**
 * The name an export downloads as: the dataset's name without its upload extension, the
 * revision, and the format's extension (`karate_edges-r2.graphml`); anything but letters,
 * digits, `-`, `_` and `.` becomes `_`, so the name is safe in any header or file system.
 */
export function exportFileName(input: {
  base: string;
  revision: number | null;
  format: GraphExportFormat;
}): string {
  const stem =
    input.base
      .replace(/\.(csv|txt|sql|graphml|gexf|gml|json|net|sqlite3?|db)(\.gz)?$/i, "")
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^[._]+|[._]+$/g, "")
      .slice(0, 100) || "graph";
  const revision = input.revision === null ? "" : `-r${input.revision}`;
  return `${stem}${revision}.${graphExportWriters[input.format].extension}`;
}
