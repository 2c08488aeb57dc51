import type { ReportBlock, ReportSection } from "./report-block";

/**
 * Backslash-escapes Markdown punctuation (CommonMark allows it before any ASCII punctuation),
 * so ids like `<script>`, `a|b` or `*x*` show literally and never become markup or HTML. A
 * leading list or heading marker is escaped too; hyphens inside ids are left readable.
 */
export function escapeMarkdown({
  text,
  atLineStart = true,
}: {
  text: string;
  /** False inside table cells, where block markers mean nothing. */
  atLineStart?: boolean;
}): string {
  const inline = text.replace(/\r?\n/g, " ").replace(/[\\`*_[\]<>|~&]/g, "\\$&");
  if (!atLineStart) return inline;
  return inline.replace(/^[-+=#]/, "\\$&").replace(/^(\d+)([.)])/, "$1\\$2");
}

/**
 * The report as Markdown: the findings first (`## Findings`, a `###` per tool), then the raw
 * fields in an appendix, so a reader meets what the tools found before how they ran.
 */
export function renderMarkdown({
  title,
  generatedAt,
  note,
  findings,
  appendix,
}: {
  title: string;
  generatedAt: string;
  note: string;
  findings: ReportSection[];
  appendix: ReportSection[];
}): string {
  const lines: string[] = [`# ${escapeMarkdown({ text: title })}`, ""];
  lines.push(`_Generated ${escapeMarkdown({ text: generatedAt })}_`, "");
  lines.push(`> **Note.** ${escapeMarkdown({ text: note })}`, "");
  if (findings.length === 0 && appendix.length === 0) lines.push("No tool results were given.", "");
  if (findings.length > 0) lines.push(`## ${findingsHeading}`, "");
  for (const section of findings) lines.push(...sectionLines(section));
  if (appendix.length > 0) lines.push(`## ${appendixHeading}`, "");
  for (const section of appendix) lines.push(...sectionLines(section));
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The two parts' headings, shared by the Markdown and HTML renderings. */
export const findingsHeading = "Findings";
export const appendixHeading = "Appendix: raw tool fields";

function sectionLines(section: ReportSection): string[] {
  const lines: string[] = [`### ${toolHeading(section.toolName)}`, ""];
  section.results.forEach((blocks, index) => {
    if (section.results.length > 1) {
      lines.push(`#### Result ${index + 1} of ${section.results.length}`, "");
    }
    for (const block of blocks) lines.push(...blockLines(block), "");
  });
  if (section.omittedResults > 0) {
    lines.push(`_${section.omittedResults} more result(s) of this tool are not shown._`, "");
  }
  return lines;
}

/** Tool names are code spans when they are plain identifiers (they always are, for real tools). */
function toolHeading(name: string): string {
  return /^[\w.:-]+$/.test(name) ? `\`${name}\`` : escapeMarkdown({ text: name });
}

function blockLines(block: ReportBlock): string[] {
  const e = (text: string) => escapeMarkdown({ text });
  switch (block.kind) {
    case "heading":
      return [`##### ${e(block.text)}`];
    case "paragraph":
      return [block.tone === "error" ? `**${e(block.text)}**` : e(block.text)];
    case "code":
      return codeFence(block.text);
    case "facts":
      return withNote(
        table(
          ["field", "value"],
          block.rows.map(([key, value]) => [key, value]),
        ),
        block.note,
      );
    case "table":
      return withNote(table(block.columns, block.rows), block.note);
    case "path":
      return withNote([`${e(block.label)}: ${block.nodes.map(e).join(" → ")}`], block.note);
    case "list":
      return withNote(
        [`${e(block.label || "items")}:`, ...block.items.map((item) => `- ${e(item)}`)],
        block.note,
      );
  }
}

function table(columns: string[], rows: string[][]): string[] {
  const cell = (text: string) => escapeMarkdown({ text, atLineStart: false }) || " ";
  return [
    `| ${columns.map(cell).join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ];
}

/** A fence longer than any backtick run inside, so raw text cannot close it early. */
function codeFence(text: string): string[] {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return [`${fence}json`, text, fence];
}

function withNote(lines: string[], note: string | undefined): string[] {
  return note ? [...lines, "", `_${escapeMarkdown({ text: note })}_`] : lines;
}
