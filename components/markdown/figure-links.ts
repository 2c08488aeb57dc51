/**
 * Links figures of an answer to the tool card they came from.
 *
 * The rule (kept deliberately simple so a reader can predict it):
 * 1. A *figure* is a number written as such in the answer's text: `0.6871`, `760`, `1,916`,
 *    `-3.5`. Digits that are part of a word or an identifier are not figures: `customers:5`,
 *    `#3`, `top_k`, `v2`, dates/paths (`2024-01-02`, `a/1`), percentages, numbers inside inline
 *    code, and digits inside any node id or label that a tool result names (`Customer 5`).
 * 2. Its candidates are the finite numbers anywhere in the `data` of succeeded tool results.
 * 3. Equality: a figure with decimals equals a result value that rounds to it at the figure's
 *    own precision (its significant digits, or its decimal places); an integer figure must
 *    equal the value exactly.
 * 4. A decimal figure may link on its value alone. An integer figure (small integers are
 *    everywhere) links only with corroboration: either the id or label of the result object
 *    that holds the value is named in the same block (paragraph, list item, table row), or the
 *    value is a top-level field whose name's first word is written right next to the figure
 *    (within 24 characters; in a table: in the cell's column header), e.g. `community_count` ↔
 *    "6 communities", `nodes` ↔ "760 nodes". Positional fields (rank, index, ids, community
 *    numbers, hops, depth, revisions) never corroborate an integer.
 * 5. Best match wins: named object > named field > value only; ties go to the earlier card in
 *    call order, then the earlier value in the result.
 */

import type { ToolCardState } from "@/hooks/api/run-view";

export type FigureMatch = {
  toolCallId: string;
  toolName: string;
  /** The exact value in the tool result. */
  value: number;
  /** Where in the result the value sits, e.g. `top[4].score`. */
  path: string;
};

export type FigureSpan = { start: number; end: number; text: string; match: FigureMatch };

type NumberFact = {
  value: number;
  key: string;
  path: string;
  /** Ids/labels of the nearest enclosing object that has one. */
  identities: string[];
  topLevel: boolean;
};

type IndexedCard = { toolCallId: string; toolName: string; facts: NumberFact[] };

export type FigureIndex = {
  cards: IndexedCard[];
  /** Identity strings that contain a digit, longest first (masked before figures are read). */
  maskable: string[];
};

const identityKeys = new Set(["id", "label", "name", "node_id", "title", "source", "target"]);
const positionalKeys = new Set([
  "rank",
  "index",
  "id",
  "node_id",
  "community",
  "hops",
  "depth",
  "revision",
  "version",
  "turn_index",
  "batch_index",
  "seq",
  "limit",
  "top_k",
]);
// Bounds keep indexing cheap for very large results; figures come from the top of a result.
const maxFactsPerCard = 20_000;
const maxDepth = 8;

function collectFacts(data: unknown): { facts: NumberFact[]; identities: Set<string> } {
  const facts: NumberFact[] = [];
  const identities = new Set<string>();
  const visit = (value: unknown, key: string, path: string, owners: string[], depth: number) => {
    if (facts.length >= maxFactsPerCard || depth > maxDepth) return;
    if (typeof value === "number") {
      if (Number.isFinite(value)) {
        facts.push({ value, key, path, identities: owners, topLevel: depth === 1 });
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, key, `${path}[${index}]`, owners, depth + 1);
      });
      return;
    }
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    const own: string[] = [];
    for (const identityKey of identityKeys) {
      const identity = record[identityKey];
      if (typeof identity === "string" && identity.trim().length > 0) own.push(identity);
    }
    for (const identity of own) identities.add(identity);
    const nextOwners = own.length > 0 ? own : depth === 0 ? [] : owners;
    for (const [childKey, child] of Object.entries(record)) {
      visit(child, childKey, path ? `${path}.${childKey}` : childKey, nextOwners, depth + 1);
    }
  };
  visit(data, "", "", [], 0);
  return { facts, identities };
}

/** Indexes the numbers of succeeded tool results, in call order. */
export function buildFigureIndex(tools: ToolCardState[]): FigureIndex {
  const cards: IndexedCard[] = [];
  const maskable = new Set<string>();
  for (const tool of tools) {
    if (tool.status !== "succeeded" || tool.result?.data === undefined) continue;
    const { facts, identities } = collectFacts(tool.result.data);
    for (const identity of identities) if (/\d/.test(identity)) maskable.add(identity);
    cards.push({ toolCallId: tool.toolCallId, toolName: tool.toolName, facts });
  }
  return {
    cards,
    maskable: [...maskable].sort((left, right) => right.length - left.length),
  };
}

// A figure: not glued to letters, digits, `_ : # . / @ $ -` before; not followed by letters,
// digits, `_ : %`, a further decimal part or `-digit` (dates, ranges). \uE000 marks masked identities.
const figurePattern =
  /(?<![\p{L}\p{N}_:#./@$\\\uE000-])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\p{L}\p{N}_:%\uE000]|[.,-]\d)/gu;

/** Replaces every occurrence of the identities with blanks of the same length. */
function maskIdentities(text: string, maskable: string[]): string {
  let masked = text;
  for (const identity of maskable) {
    if (!masked.includes(identity)) continue;
    masked = masked.split(identity).join("\uE000".repeat(identity.length));
  }
  return masked;
}

function significantDigits(digits: string): number {
  const trimmed = digits.replace(/^[-0.]+/, "").replace(".", "");
  return Math.max(1, Math.min(21, trimmed.length));
}

function valueEquals(written: string, figure: number, value: number): boolean {
  if (value === figure) return true;
  const point = written.indexOf(".");
  if (point < 0) return false;
  const decimals = written.length - point - 1;
  const byPrecision = Number(value.toPrecision(significantDigits(written)));
  const byDecimals = Number(value.toFixed(Math.min(decimals, 20)));
  return byPrecision === figure || byDecimals === figure;
}

function fieldStem(key: string): string {
  const word = key.toLowerCase().split("_")[0] ?? "";
  return word.replace(/ies$/, "").replace(/y$/, "").replace(/s$/, "");
}

type Surroundings = {
  /** The whole block: paragraph, list item, or table row (with its header). */
  block: string;
  /** What names the figure: the words right around it, or its column header in a table. */
  label: string;
};

function scoreFact(fact: NumberFact, written: string, around: Surroundings): number {
  const isInteger = !written.includes(".");
  const positional = positionalKeys.has(fact.key);
  if (!positional && fact.identities.some((identity) => around.block.includes(identity))) {
    return 3;
  }
  if (!positional && fact.topLevel) {
    const stem = fieldStem(fact.key);
    if (stem.length >= 3 && around.label.toLowerCase().includes(stem)) return 2;
  }
  return isInteger ? 0 : 1;
}

/** Finds the best source of one written figure, or null. */
function matchFigure(
  written: string,
  around: Surroundings,
  index: FigureIndex,
): FigureMatch | null {
  const figure = Number(written.replace(/,/g, ""));
  if (!Number.isFinite(figure)) return null;
  let best: { score: number; match: FigureMatch } | null = null;
  for (const card of index.cards) {
    for (const fact of card.facts) {
      if (!valueEquals(written.replace(/,/g, ""), figure, fact.value)) continue;
      const score = scoreFact(fact, written, around);
      if (score > 0 && (!best || score > best.score)) {
        best = {
          score,
          match: {
            toolCallId: card.toolCallId,
            toolName: card.toolName,
            value: fact.value,
            path: fact.path,
          },
        };
      }
    }
  }
  return best?.match ?? null;
}

const labelWindow = 24;

/**
 * The figures of `text` that came from a tool result. `context` is the whole block the text
 * sits in (for a table cell: its row); `columnLabel` is a table cell's column header.
 */
export function findFigures({
  text,
  context,
  columnLabel,
  index,
}: {
  text: string;
  context: string;
  columnLabel?: string;
  index: FigureIndex;
}): FigureSpan[] {
  if (index.cards.length === 0) return [];
  const masked = maskIdentities(text, index.maskable);
  const spans: FigureSpan[] = [];
  for (const found of masked.matchAll(figurePattern)) {
    const start = found.index ?? 0;
    const written = found[0];
    const end = start + written.length;
    const label = columnLabel ?? text.slice(Math.max(0, start - labelWindow), end + labelWindow);
    const match = matchFigure(written, { block: context, label }, index);
    if (match) spans.push({ start, end, text: written, match });
  }
  return spans;
}
