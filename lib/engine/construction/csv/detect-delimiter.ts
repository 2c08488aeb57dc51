/** The field separators recognised in CSV uploads. */
export type CsvDelimiter = "," | ";" | "\t" | "|";

// Priority on ties: the comma is what "CSV" usually means, then the spreadsheet exports.
const candidates: CsvDelimiter[] = [",", "\t", ";", "|"];
const sampleLines = 50;

/**
 * Picks the delimiter from the first lines (outside quotes): the candidate that appears the
 * same non-zero number of times on every sampled line, preferring the one that splits lines
 * into the most fields; if none is consistent, the one most frequent on the first line;
 * a comma when none appears at all (a one-column file).
 */
export function detectDelimiter({
  text,
  start = 0,
}: {
  text: string;
  start?: number;
}): CsvDelimiter {
  const counts = sampleCounts(text, start);
  if (counts.length === 0) return ",";
  let best: CsvDelimiter | null = null;
  let bestCount = 0;
  for (let c = 0; c < candidates.length; c++) {
    const first = counts[0][c];
    if (first === 0) continue;
    if (counts.every((line) => line[c] === first) && first > bestCount) {
      best = candidates[c];
      bestCount = first;
    }
  }
  if (best) return best;
  for (let c = 0; c < candidates.length; c++) {
    if (counts[0][c] > bestCount) {
      best = candidates[c];
      bestCount = counts[0][c];
    }
  }
  return best ?? ",";
}

/** Per sampled non-blank line, how often each candidate occurs outside quotes. */
function sampleCounts(text: string, start: number): number[][] {
  const lines: number[][] = [];
  let current = candidates.map(() => 0);
  let inQuotes = false;
  let nonBlank = false;
  for (let i = start; i < text.length && lines.length < sampleLines; i++) {
    const ch = text[i];
    if (ch === '"') {
      inQuotes = !inQuotes;
      nonBlank = true;
    } else if (!inQuotes && (ch === "\n" || ch === "\r")) {
      if (nonBlank) lines.push(current);
      current = candidates.map(() => 0);
      nonBlank = false;
    } else if (!inQuotes) {
      const c = candidates.indexOf(ch as CsvDelimiter);
      if (c !== -1) current[c]++;
      if (ch !== " " && ch !== "\t") nonBlank = true;
      else if (c !== -1) nonBlank = true;
    }
  }
  // A last line without a line break only counts when the whole file was sampled.
  if (nonBlank && lines.length < sampleLines && !inQuotes) lines.push(current);
  return lines;
}
