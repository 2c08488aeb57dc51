// What of an answer the judge reads (docs/question-bank.md "How an answer is judged"): the
// evidence footer and UUIDs are bookkeeping, not statements, and the verdict is read from the
// lead — the first paragraph, where an analyst looks for the answer.

const footerLine = /^\s*_(?:Sources|依据)\s*[:：].*$/i;
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const headingLine = /^\s{0,3}#{1,6}(?:\s|$)/;
const boldHeadingLine = /^\s*(?:\*\*[^*\n]+\*\*|__[^_\n]+__)\s*[:：]?\s*$/;
const tableLine = /^\s*\|/;
const fenceLine = /^\s*(?:```|~~~)/;

/** The answer without its evidence footer (`_Sources: …_`, `_依据: …_`) and without UUIDs. */
export function stripIgnoredText(answer: string): string {
  return answer
    .split(/\r?\n/)
    .filter((line) => !footerLine.test(line))
    .join("\n")
    .replace(uuid, "");
}

/**
 * The lead: the first paragraph after any headings (and blank or bold heading lines before
 * it); it ends at the first blank line, heading, table, code fence or bold heading line.
 */
export function readLead(answer: string): string {
  const lines = stripIgnoredText(answer).split("\n");
  const lead: string[] = [];
  for (const line of lines) {
    const isBreak =
      line.trim() === "" ||
      headingLine.test(line) ||
      boldHeadingLine.test(line) ||
      tableLine.test(line) ||
      fenceLine.test(line);
    if (lead.length === 0) {
      // Headings (and a bold line standing as one) come before the paragraph: skip them. A table
      // or code block first means the answer has no prose lead at all.
      if (tableLine.test(line) || fenceLine.test(line)) break;
      if (isBreak) continue;
    } else if (isBreak) {
      break;
    }
    lead.push(line.trim());
  }
  return lead.join("\n");
}

/**
 * The sentences of a text. Line breaks inside a paragraph are soft; a sentence ends at `.`,
 * `!` or `?` before a space (so `0.57` and `products:9.` stay whole) or at `。！？`.
 */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s*\n\s*/g, " ")
    .split(/(?<=[.!?])\s+|(?<=[。！？])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
}
