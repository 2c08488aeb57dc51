/**
 * A small Markdown reader for model answers: only the subset the agent writes (paragraphs,
 * headings, bold, italics, inline code, lists, tables, fenced code, rules, http links). It
 * produces a tree that React renders as elements, so model text never reaches the page as HTML.
 */

export type InlineNode =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: InlineNode[] }
  | { kind: "em"; children: InlineNode[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: InlineNode[] };

/** Inline content plus its plain text, which figure matching reads as the surrounding context. */
export type InlineBlock = { inline: InlineNode[]; plain: string };

export type MarkdownBlock =
  | { kind: "heading"; level: number; content: InlineBlock }
  | { kind: "paragraph"; content: InlineBlock }
  | { kind: "list"; ordered: boolean; start: number; items: InlineBlock[] }
  | {
      kind: "table";
      header: InlineBlock[];
      align: ("left" | "right" | "center" | null)[];
      rows: InlineBlock[][];
    }
  | { kind: "code"; text: string }
  | { kind: "quote"; content: InlineBlock }
  | { kind: "rule" };

const headingPattern = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const listItemPattern = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;
const rulePattern = /^\s*([-*_])(\s*\1){2,}\s*$/;
const quotePattern = /^\s{0,3}>\s?/;
const fencePattern = /^\s*(`{3,}|~{3,})/;
const tableDividerPattern = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

/** Splits a table line into cells at unescaped pipes. */
function splitTableRow(line: string): string[] {
  let text = line.trim();
  if (text.startsWith("|")) text = text.slice(1);
  if (text.endsWith("|") && !text.endsWith("\\|")) text = text.slice(0, -1);
  const cells: string[] = [];
  let current = "";
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === "\\" && text[index + 1] === "|") {
      current += "|";
      index += 1;
    } else if (character === "|") {
      cells.push(current.trim());
      current = "";
    } else {
      current += character;
    }
  }
  cells.push(current.trim());
  return cells;
}

function alignmentOf(cell: string): "left" | "right" | "center" | null {
  const left = cell.startsWith(":");
  const right = cell.endsWith(":");
  if (left && right) return "center";
  if (right) return "right";
  if (left) return "left";
  return null;
}

function isTableStart(lines: string[], index: number): boolean {
  const line = lines[index];
  const next = lines[index + 1];
  return (
    line !== undefined &&
    next !== undefined &&
    line.includes("|") &&
    next.includes("-") &&
    tableDividerPattern.test(next)
  );
}

function startsBlock(lines: string[], index: number): boolean {
  const line = lines[index];
  return (
    headingPattern.test(line) ||
    fencePattern.test(line) ||
    rulePattern.test(line) ||
    listItemPattern.test(line) ||
    quotePattern.test(line) ||
    isTableStart(lines, index)
  );
}

/** Parses Markdown text into blocks. Unfinished constructs (mid-stream) degrade to text. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: MarkdownBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (line.trim() === "") {
      index += 1;
      continue;
    }
    const fence = fencePattern.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index].trim().startsWith(marker)) {
        body.push(lines[index]);
        index += 1;
      }
      index += 1;
      blocks.push({ kind: "code", text: body.join("\n") });
      continue;
    }
    const heading = headingPattern.exec(line);
    if (heading) {
      blocks.push({
        kind: "heading",
        level: heading[1].length,
        content: parseInlineBlock(heading[2]),
      });
      index += 1;
      continue;
    }
    if (rulePattern.test(line)) {
      blocks.push({ kind: "rule" });
      index += 1;
      continue;
    }
    if (quotePattern.test(line)) {
      // A quote is one paragraph of its `>` lines (reports open their caveat with one).
      const quoted: string[] = [];
      while (index < lines.length && quotePattern.test(lines[index])) {
        quoted.push(lines[index].replace(quotePattern, "").trim());
        index += 1;
      }
      blocks.push({ kind: "quote", content: parseInlineBlock(quoted.join(" ")) });
      continue;
    }
    if (isTableStart(lines, index)) {
      const header = splitTableRow(line);
      const align = splitTableRow(lines[index + 1]).map(alignmentOf);
      index += 2;
      const rows: InlineBlock[][] = [];
      while (index < lines.length && lines[index].includes("|") && lines[index].trim() !== "") {
        const cells = splitTableRow(lines[index]);
        rows.push(header.map((_, column) => parseInlineBlock(cells[column] ?? "")));
        index += 1;
      }
      blocks.push({ kind: "table", header: header.map(parseInlineBlock), align, rows });
      continue;
    }
    const listItem = listItemPattern.exec(line);
    if (listItem) {
      const ordered = /\d/.test(listItem[1]);
      const start = ordered ? Number.parseInt(listItem[1], 10) : 1;
      const items: string[] = [];
      while (index < lines.length) {
        const item = listItemPattern.exec(lines[index]);
        if (item && /\d/.test(item[1]) === ordered) {
          items.push(item[2]);
          index += 1;
        } else if (
          items.length > 0 &&
          lines[index].trim() !== "" &&
          /^\s+/.test(lines[index]) &&
          !startsBlock(lines, index)
        ) {
          // An indented continuation line belongs to the item above.
          items[items.length - 1] += ` ${lines[index].trim()}`;
          index += 1;
        } else {
          break;
        }
      }
      blocks.push({ kind: "list", ordered, start, items: items.map(parseInlineBlock) });
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length && lines[index].trim() !== "" && !startsBlock(lines, index)) {
      paragraph.push(lines[index].trim());
      index += 1;
    }
    blocks.push({ kind: "paragraph", content: parseInlineBlock(paragraph.join(" ")) });
  }
  return blocks;
}

function parseInlineBlock(text: string): InlineBlock {
  const inline = parseInline(text);
  return { inline, plain: plainText(inline) };
}

/** The text of inline nodes without markup. */
export function plainText(nodes: InlineNode[]): string {
  return nodes
    .map((node) =>
      node.kind === "text" || node.kind === "code" ? node.text : plainText(node.children),
    )
    .join("");
}

const escapable = new Set("\\`*_{}[]()#+-.!|<>~".split(""));

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}

function isSpace(character: string | undefined): boolean {
  return character === undefined || /\s/.test(character);
}

/** Where a `*`/`_` emphasis run that opens at `start` closes, or -1. */
function findEmphasisClose(text: string, start: number, marker: string): number {
  const width = marker.length;
  for (let index = start + width + 1; index <= text.length - width; index++) {
    if (text.startsWith(marker, index) && !isSpace(text[index - 1])) {
      const after = text[index + width];
      // `_` never closes inside a word (snake_case names), `*` may.
      if (marker[0] === "_" && isWordCharacter(after)) continue;
      if (width === 1 && text[index + 1] === marker) {
        index += 1;
        continue;
      }
      return index;
    }
  }
  return -1;
}

/** Parses inline Markdown; anything that does not close is kept as literal text. */
export function parseInline(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) nodes.push({ kind: "text", text: buffer });
    buffer = "";
  };
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character === "\\" && escapable.has(text[index + 1] ?? "")) {
      buffer += text[index + 1];
      index += 2;
      continue;
    }
    if (character === "`") {
      const close = text.indexOf("`", index + 1);
      if (close > index + 1) {
        flush();
        nodes.push({ kind: "code", text: text.slice(index + 1, close) });
        index = close + 1;
        continue;
      }
    }
    if (character === "[") {
      const link = /^\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/.exec(text.slice(index));
      if (link) {
        flush();
        nodes.push({ kind: "link", href: link[2], children: parseInline(link[1]) });
        index += link[0].length;
        continue;
      }
    }
    if (character === "*" || character === "_") {
      const double = text[index + 1] === character;
      const marker = double ? character.repeat(2) : character;
      const opensWord = !isSpace(text[index + marker.length]);
      const leftFlankingOk = character === "*" || !isWordCharacter(text[index - 1]);
      if (opensWord && leftFlankingOk) {
        const close = findEmphasisClose(text, index, marker);
        if (close > 0) {
          flush();
          const inner = parseInline(text.slice(index + marker.length, close));
          nodes.push(
            double ? { kind: "strong", children: inner } : { kind: "em", children: inner },
          );
          index = close + marker.length;
          continue;
        }
      }
      buffer += marker;
      index += marker.length;
      continue;
    }
    buffer += character;
    index += 1;
  }
  flush();
  return nodes;
}
