/**
 * The format-neutral pieces a report is made of. Every string in a block is plain text; the
 * Markdown and HTML renderers escape it, so detection code never has to think about escaping.
 */
export type ReportBlock =
  | { kind: "heading"; text: string }
  | { kind: "facts"; rows: [string, string][]; note?: string }
  | { kind: "table"; columns: string[]; rows: string[][]; note?: string }
  | { kind: "path"; label: string; nodes: string[]; note?: string }
  | { kind: "list"; label: string; items: string[]; note?: string }
  | { kind: "paragraph"; text: string; tone?: "error" }
  | { kind: "code"; text: string };

/** One section of a report: one tool and the blocks of each of its results. */
export type ReportSection = {
  toolName: string;
  results: ReportBlock[][];
  /** Results left out to keep the report bounded. */
  omittedResults: number;
};
