import { type ReadableSource, readableSources } from "./readable-sources";

/** One block of an answer section. */
export type AnswerBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; columns: string[]; rows: string[][] };

/** A titled group of blocks. */
export type AnswerSection = { heading: string; blocks: AnswerBlock[] };

/**
 * What one planner contributes to the final answer. Text never carries Markdown itself: the
 * renderer adds it, so `output_format: json` gets the same content without Markdown (AF-2).
 */
export type AnswerPart = {
  /** Conclusion sentences, first in the answer. */
  summary: string[];
  sections: AnswerSection[];
  /** Which tool results the figures come from. */
  sources: string[];
  /** Caveats, inference labels and next steps. */
  notes: string[];
  /** False when the part reports a failure or a problem instead of results. */
  succeeded: boolean;
  /** True when the part shows rounded scores (one shared note explains the rounding). */
  rounded?: boolean;
  /** Node ids a visualisation of this part should show. */
  focusNodeIds?: string[];
  /** The centrality a visualisation of this part should size nodes by. */
  sizeBy?: "pagerank" | "degree" | "betweenness";
};

/** The whole answer: a title and the parts in planning order. */
export type AnswerDocument = {
  title: string;
  parts: AnswerPart[];
  /** Headings of the fixed sections, in the answer's language. */
  labels: { conclusion: string; sources: string; notes: string; rounding: string };
};

/** The three output styles of AF-2. */
export type OutputFormat = "chat" | "report" | "json";

/** An empty part to fill in. */
export function emptyPart(input: { succeeded: boolean }): AnswerPart {
  return { summary: [], sections: [], sources: [], notes: [], succeeded: input.succeeded };
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function markdownBlock(block: AnswerBlock): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "list":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "table": {
      const header = `| ${block.columns.map(escapeCell).join(" | ")} |`;
      const rule = `| ${block.columns.map(() => "---").join(" | ")} |`;
      const rows = block.rows.map((row) => `| ${row.map(escapeCell).join(" | ")} |`);
      return [header, rule, ...rows].join("\n");
    }
  }
}

function plainBlock(block: AnswerBlock): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "list":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "table":
      return block.rows
        .map((row) => `- ${row.map((cell, i) => `${block.columns[i]}: ${cell}`).join("; ")}`)
        .join("\n");
  }
}

function collect(document: AnswerDocument) {
  const summary = document.parts.flatMap((part) => part.summary);
  const sections = document.parts.flatMap((part) => part.sections);
  const sources = readableSources(document.parts.flatMap((part) => part.sources));
  const notes = [...new Set(document.parts.flatMap((part) => part.notes))];
  if (document.parts.some((part) => part.rounded)) notes.push(document.labels.rounding);
  return { summary, sections, sources, notes };
}

/** The answer text in the requested style: Markdown for chat and report, plain text for json. */
export function renderAnswer(input: {
  document: AnswerDocument;
  format: OutputFormat;
  /** "method": the user's saved preference puts the method sections before the conclusion. */
  leadWith?: "method" | "conclusion";
}): string {
  const { document, format } = input;
  const { summary, sections, sources, notes } = collect(document);
  if (input.leadWith === "method" && sections.length > 0) {
    return renderMethodFirst({ document, format, summary, sections, sources, notes });
  }
  const { labels } = document;
  const chunks: string[] = [];
  if (format === "report") {
    chunks.push(`## ${document.title}`, `### ${labels.conclusion}`, ...summary);
    for (const section of sections) {
      chunks.push(`### ${section.heading}`, ...section.blocks.map(markdownBlock));
    }
    if (sources.length > 0) {
      chunks.push(
        `### ${labels.sources}`,
        markdownBlock(list(labelsOf(sources))),
        ...sqlFences(sources),
      );
    }
    if (notes.length > 0) chunks.push(`### ${labels.notes}`, markdownBlock(list(notes)));
  } else if (format === "chat") {
    chunks.push(...summary);
    for (const section of sections) {
      chunks.push(`**${section.heading}**`, ...section.blocks.map(markdownBlock));
    }
    if (notes.length > 0) chunks.push(`**${labels.notes}**`, markdownBlock(list(notes)));
    if (sources.length > 0) {
      chunks.push(`_${labels.sources}: ${labelsOf(sources).join("; ")}_`, ...sqlFences(sources));
    }
  } else {
    chunks.push(document.title, ...summary);
    for (const section of sections) {
      chunks.push(`${section.heading}:`, ...section.blocks.map(plainBlock));
    }
    if (notes.length > 0) chunks.push(`${labels.notes}:`, plainBlock(list(notes)));
    if (sources.length > 0) {
      chunks.push(`${labels.sources}: ${labelsOf(sources).join("; ")}`, ...sqlLines(sources));
    }
  }
  return `${chunks.filter((chunk) => chunk.length > 0).join("\n\n")}\n`;
}

function labelsOf(sources: ReadableSource[]): string[] {
  return sources.map((source) => source.label);
}

// The SQL a source ran, as code under the sources line: quotes stay quotes, lines stay lines.
function sqlFences(sources: ReadableSource[]): string[] {
  return sources.flatMap((source) => (source.sql ? [`\`\`\`sql\n${source.sql}\n\`\`\``] : []));
}

function sqlLines(sources: ReadableSource[]): string[] {
  return sources.flatMap((source) => (source.sql ? [`SQL: ${source.sql}`] : []));
}

function list(items: string[]): AnswerBlock {
  return { kind: "list", items };
}

// The same content with the sections (how it was found) first and the conclusion after them.
function renderMethodFirst(input: {
  document: AnswerDocument;
  format: OutputFormat;
  summary: string[];
  sections: AnswerSection[];
  sources: ReadableSource[];
  notes: string[];
}): string {
  const { document, format, summary, sections, sources, notes } = input;
  const { labels } = document;
  const block = format === "json" ? plainBlock : markdownBlock;
  const heading = (text: string) =>
    format === "report" ? `### ${text}` : format === "chat" ? `**${text}**` : `${text}:`;
  const chunks: string[] = format === "report" ? [`## ${document.title}`] : [];
  if (format === "json") chunks.push(document.title);
  for (const section of sections)
    chunks.push(heading(section.heading), ...section.blocks.map(block));
  chunks.push(heading(labels.conclusion), ...summary);
  if (sources.length > 0) {
    chunks.push(heading(labels.sources), block(list(labelsOf(sources))));
    chunks.push(...(format === "json" ? sqlLines(sources) : sqlFences(sources)));
  }
  if (notes.length > 0) chunks.push(heading(labels.notes), block(list(notes)));
  return `${chunks.filter((chunk) => chunk.length > 0).join("\n\n")}\n`;
}
